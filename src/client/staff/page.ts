/** What the staff pages' scripts share: their settings, the alert line, panels, slots and field checks. */
import type { FieldProblem } from '../../lib/staff/fieldRules.ts';
import type { FirebaseWebSettings } from '../../lib/staff/firebase.ts';

export const root = document.querySelector<HTMLElement>('.staff')!;
export const lang = root.dataset['lang'] ?? 'en';

export function firebaseSettings(): FirebaseWebSettings {
  return JSON.parse(document.getElementById('firebase-settings')!.textContent!) as FirebaseWebSettings;
}

const alertLine = root.querySelector<HTMLElement>('[data-alert]')!;

/**
 * Shows one pre-rendered message (by its key) in the alert line, or hides the line. `error` gives it the error
 * style; `focus` moves focus to it, after a button that was disabled while working left focus nowhere.
 */
export function alert(key: string | null, { error = false, focus = false } = {}): void {
  const text = key ? root.querySelector(`[data-message="${key}"]`)?.textContent : '';
  alertLine.textContent = text ?? '';
  alertLine.hidden = !text;
  alertLine.classList.toggle('notice-error', error);
  if (focus && text) focusOn(alertLine);
}

/** Focus on something that is not a control (a message, a panel), as the result of what was just done. */
export function focusOn(element: HTMLElement): void {
  element.tabIndex = -1;
  element.focus();
}

/** Shows exactly one of the page's panels (forms and states). */
export function show(panel: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>('.staff-form, .staff-state')) element.hidden = element !== panel;
}

/** Fills a value into every sentence that has a place for it (see components/SentenceWithSlot.astro). */
export function fill(slot: string, value: string): void {
  for (const element of root.querySelectorAll(`[data-${slot}]`)) element.textContent = value;
}

/**
 * Marks a field wrong with its pre-rendered message for the problem (data-error-{problem}, components/staff/Field.astro),
 * or right; returns whether it is right.
 */
export function check(input: HTMLInputElement, problem: FieldProblem | null): boolean {
  const message = document.getElementById(input.getAttribute('aria-describedby') ?? '');
  input.setAttribute('aria-invalid', String(!!problem));
  if (message) {
    message.textContent = problem ? (message.getAttribute(`data-error-${problem}`) ?? '') : '';
    message.hidden = !problem;
  }
  return !problem;
}

export function busy(form: HTMLFormElement, working: boolean): void {
  for (const button of form.querySelectorAll('button')) button.disabled = working;
  form.setAttribute('aria-busy', String(working));
}

/**
 * Enables the buttons the page renders disabled: before this script has attached its handlers, a click would do
 * nothing (a provider button) or send the form to the server (a password).
 */
export function ready(): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-needs-script]')) button.disabled = false;
}
