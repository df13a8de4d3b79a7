import { describe, expect, it } from 'vitest';
import { workspaceAction, workspaceShortcuts, type KeyPress } from './shortcuts.ts';

const press = (key: string, code: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target: null,
  ...more,
});
const field = (tagName: string, type = 'text') => ({ tagName, type, isContentEditable: false }) as unknown as EventTarget;

describe('the workspace’s shortcuts', () => {
  it('map each letter to its action, by the key’s place on any layout', () => {
    expect(workspaceAction(press('j', 'KeyJ'))).toBe('next');
    expect(workspaceAction(press('k', 'KeyK'))).toBe('previous');
    expect(workspaceAction(press('r', 'KeyR'))).toBe('reply');
    expect(workspaceAction(press('n', 'KeyN'))).toBe('note');
    expect(workspaceAction(press('e', 'KeyE'))).toBe('resolve');
    expect(workspaceAction(press('a', 'KeyA'))).toBe('assign');
    expect(workspaceAction(press('x', 'KeyX'))).toBe('select');
    expect(workspaceAction(press('s', 'KeyS'))).toBe('snooze');
    // An Arabic layout's letter on the E key, a Hebrew one on the J key.
    expect(workspaceAction(press('ث', 'KeyE'))).toBe('resolve');
    expect(workspaceAction(press('ח', 'KeyJ'))).toBe('next');
    expect(workspaceAction(press('?', 'Slash', { shiftKey: true }))).toBe('help');
  });

  it('move in the list with the arrows while nothing has the focus, and leave them to whatever has it', () => {
    const body = { tagName: 'BODY', isContentEditable: false } as unknown as EventTarget;
    expect(workspaceAction(press('ArrowDown', 'ArrowDown', { target: body }))).toBe('next');
    expect(workspaceAction(press('ArrowUp', 'ArrowUp'))).toBe('previous');
    const log = { tagName: 'DIV', isContentEditable: false } as unknown as EventTarget;
    expect(workspaceAction(press('ArrowDown', 'ArrowDown', { target: log }))).toBeUndefined();
    expect(workspaceAction(press('ArrowDown', 'ArrowDown', { target: field('SELECT') }))).toBeUndefined();
  });

  it('do nothing while typing in a field, with a modifier held, or for other keys', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) expect(workspaceAction(press('e', 'KeyE', { target: field(tag) }))).toBeUndefined();
    expect(workspaceAction(press('e', 'KeyE', { target: field('INPUT', 'search') }))).toBeUndefined();
    // A radio button takes no letters: the shortcut still works there.
    expect(workspaceAction(press('e', 'KeyE', { target: field('INPUT', 'radio') }))).toBe('resolve');
    const editable = { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget;
    expect(workspaceAction(press('e', 'KeyE', { target: editable }))).toBeUndefined();
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey', 'shiftKey'] as const) {
      expect(workspaceAction(press('e', 'KeyE', { [modifier]: true }))).toBeUndefined();
    }
    expect(workspaceAction(press('z', 'KeyZ'))).toBeUndefined();
    expect(workspaceAction(press('/', 'Slash'))).toBeUndefined();
  });

  it('list in the help dialog every action they have', () => {
    const listed = workspaceShortcuts.flatMap((shortcut) => (shortcut.action ? [shortcut.action] : []));
    expect(new Set(listed)).toEqual(new Set(['next', 'previous', 'reply', 'note', 'resolve', 'assign', 'select', 'snooze', 'help']));
  });
});
