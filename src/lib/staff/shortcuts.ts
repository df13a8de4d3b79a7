/**
 * The staff workspace's single-key shortcuts, as mail and support tools have them: which key does what, for the
 * workspace's key handler and its help dialog (one table, so the dialog lists exactly what works). Letters are
 * matched by the key's place on the keyboard (`event.code`), so they work with Arabic, Hebrew, Cyrillic or Thai
 * layouts too; nothing fires while typing in a field or with Ctrl, Cmd or Alt held.
 */
import type { MessageKey } from '../i18n/schema.ts';
import { typingInField } from '../typingInField.ts';

export type WorkspaceAction = 'next' | 'previous' | 'reply' | 'note' | 'resolve' | 'assign' | 'select' | 'snooze' | 'help';

interface Shortcut {
  /** What the help dialog shows, first the letter. */
  keys: string[];
  /** The key's place on the keyboard; none for keys the page handles itself (Enter on a link, `/`). */
  code?: string;
  action?: WorkspaceAction;
  label: MessageKey;
}

export const workspaceShortcuts: Shortcut[] = [
  { keys: ['j', '↓'], code: 'KeyJ', action: 'next', label: 'shortcuts.next' },
  { keys: ['k', '↑'], code: 'KeyK', action: 'previous', label: 'shortcuts.previous' },
  { keys: ['Enter'], label: 'shortcuts.enter' },
  { keys: ['r'], code: 'KeyR', action: 'reply', label: 'shortcuts.reply' },
  { keys: ['n'], code: 'KeyN', action: 'note', label: 'shortcuts.note' },
  { keys: ['e'], code: 'KeyE', action: 'resolve', label: 'shortcuts.resolve' },
  { keys: ['a'], code: 'KeyA', action: 'assign', label: 'shortcuts.assign' },
  { keys: ['x'], code: 'KeyX', action: 'select', label: 'shortcuts.select' },
  { keys: ['s'], code: 'KeyS', action: 'snooze', label: 'shortcuts.snooze' },
  { keys: ['/'], label: 'shortcuts.search' },
  { keys: ['?'], action: 'help', label: 'shortcuts.help' },
];

export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}

/** Nothing has the focus: arrows then move in the list (anywhere else they scroll what has it, or move in a control). */
const onPageItself = (target: EventTarget | null) => !target || (target as { tagName?: string }).tagName === 'BODY';

/** The action a key press asks for, or undefined (a field has the focus, a modifier is held, no such shortcut). */
export function workspaceAction({ key, code, ctrlKey, metaKey, altKey, shiftKey, target }: KeyPress): WorkspaceAction | undefined {
  if (ctrlKey || metaKey || altKey || typingInField(target)) return undefined;
  if ((key === 'ArrowDown' || key === 'ArrowUp') && !shiftKey) {
    return onPageItself(target) ? (key === 'ArrowDown' ? 'next' : 'previous') : undefined;
  }
  if (key === '?' || (shiftKey && code === 'Slash')) return 'help';
  if (shiftKey) return undefined;
  return workspaceShortcuts.find((shortcut) => shortcut.code === code)?.action;
}
