/**
 * The unsubscribe page (a page in the staff pages' shell, components/pages/StaffPage.astro, open to anyone): the
 * token from the e-mail's link goes to POST /api/mail/unsubscribe. Plain fetch: this page needs none of the API
 * client's session handling.
 */
import { alert, busy, focusOn, root, show } from './page.ts';

const form = root.querySelector<HTMLFormElement>('[data-unsubscribe]')!;
const done = root.querySelector<HTMLElement>('[data-done]')!;
const token = new URLSearchParams(location.search).get('token');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  busy(form, true);
  alert('unsubscribe.working');
  const answer = await fetch(`/api/mail/unsubscribe?${new URLSearchParams({ token: token ?? '' })}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  }).catch(() => null);
  busy(form, false);
  if (answer?.ok) {
    alert(null);
    show(done);
    return focusOn(done);
  }
  const code = answer ? (((await answer.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code ?? '') : 'network';
  const key =
    code === 'link_invalid'
      ? 'unsubscribe.invalid'
      : code === 'network' || code === 'rate_limited'
        ? `apiError.${code}`
        : 'apiError.unknown';
  alert(key, { error: true, focus: true });
});

// Without a token the page itself says the link is damaged (components/mail/UnsubscribeForm.astro).
