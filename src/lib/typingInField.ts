/**
 * Whether a key press lands where the person types: a text field, a text area, a select, anything editable.
 * Single-key shortcuts leave those alone; a radio button or a checkbox takes no letters, so they still work there.
 */
const untyped = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

export function typingInField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  if (element.isContentEditable || /^(TEXTAREA|SELECT)$/.test(element.tagName ?? '')) return true;
  return element.tagName === 'INPUT' && !untyped.has((element as HTMLInputElement).type);
}
