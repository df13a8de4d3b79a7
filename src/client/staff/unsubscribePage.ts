/**
 * The unsubscribe page (a page in the staff pages' shell, components/pages/StaffFormPage.astro, open to anyone): the
 * token from the e-mail's link goes to POST /api/mail/unsubscribe, and "Turn them back on" to /api/mail/resubscribe.
 * Plain fetch: this page needs none of the API client's session handling. Without this script the forms post
 * themselves and the server answers with the page again (components/mail/UnsubscribeForm.astro).
 */
import { endpoints } from '../../lib/api/endpoints.ts';
import { alert, busy, focusOn, root, show } from './page.ts';

const form = root.querySelector<HTMLFormElement>('[data-unsubscribe]')!;
const done = root.querySelector<HTMLElement>('[data-done]')!;
const undo = root.querySelector<HTMLFormElement>('[data-resubscribe]')!;
const token = new URLSearchParams(location.search).get('token');

/** Posts the token to the endpoint; true when it was taken, otherwise the reason is in the alert line. */
async function post(endpoint: 'mailUnsubscribe' | 'mailResubscribe', from: HTMLFormElement): Promise<boolean> {
  const { path } = endpoints[endpoint];
  busy(from, true);
  alert('unsubscribe.working');
  const answer = await fetch(`${path}?${new URLSearchParams({ token: token ?? '' })}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  }).catch(() => null);
  busy(from, false);
  if (answer?.ok) {
    alert(null);
    return true;
  }
  const code = answer ? (((await answer.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code ?? '') : 'network';
  const key =
    code === 'link_invalid'
      ? 'unsubscribe.invalid'
      : code === 'network' || code === 'rate_limited'
        ? `apiError.${code}`
        : 'apiError.unknown';
  alert(key, { error: true, focus: true });
  return false;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!(await post('mailUnsubscribe', form))) return;
  show(done);
  focusOn(done);
});

undo.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!(await post('mailResubscribe', undo))) return;
  show(form);
  alert('unsubscribe.undone', { focus: true });
});
