/**
 * "Was this article helpful?" (components/HelpfulForm.astro) without leaving the page: the forms post as JSON and
 * the section shows the part that says what happened, announced and focused. Without this script they are plain
 * form posts that come back to the article.
 */
type State = 'comment' | 'thanks' | 'error';

function show(section: HTMLElement, state: State): void {
  section.dataset['state'] = state;
  const part = section.querySelector<HTMLElement>(`#helpful-${state}`)!;
  const status = section.querySelector<HTMLElement>('[data-helpful-status]')!;
  status.textContent = (part.querySelector('p') ?? part).textContent;
  (state === 'comment' ? part.querySelector<HTMLElement>('textarea')! : part).focus();
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches('[data-helpful-vote], [data-helpful-comment]')) return;
  event.preventDefault();
  const section = form.closest<HTMLElement>('[data-helpful]')!;
  const fields: Record<string, unknown> = Object.fromEntries(new FormData(form, event.submitter));
  const vote = 'helpful' in fields;
  if (vote) fields['helpful'] = fields['helpful'] === 'yes';
  const next: State = vote && fields['helpful'] === false ? 'comment' : 'thanks';
  for (const button of form.querySelectorAll('button')) button.disabled = true;
  fetch(form.action, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) })
    .then((answer) => show(section, answer.ok ? next : 'error'))
    .catch(() => show(section, 'error'))
    .finally(() => {
      for (const button of form.querySelectorAll('button')) button.disabled = false;
    });
});
