// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setStaffHint, setStaffProfile } from '../lib/staff/signedInHint.ts';

const header = `
  <nav>
    <a href="/en/login" data-staff-sign-in>Staff sign-in</a>
    <div hidden data-staff-menu>
      <button type="button" aria-expanded="false" aria-controls="panel" data-staff-menu-button>
        <span data-staff-initials></span><span data-staff-name></span>
      </button>
      <ul id="panel" class="staff-menu-panel" hidden>
        <li><a href="/en/chat">Inbox</a></li>
        <li><a href="/en/login?signout=1">Sign out</a></li>
      </ul>
    </div>
  </nav>
  <a href="/elsewhere" id="elsewhere">elsewhere</a>`;

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const press = (target: Element, key: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

describe('the header’s staff menu', () => {
  let safeAvatarUrl: (url: string | null, origin: string) => string | null;
  beforeAll(async () => {
    localStorage.clear();
    document.body.innerHTML = header;
    ({ safeAvatarUrl } = await import('./staffMenu.ts'));
  });
  afterAll(() => localStorage.clear());
  beforeEach(() => setStaffHint(false));

  it('shows "Staff sign-in" to everyone else', () => {
    expect($('[data-staff-sign-in]').hidden).toBe(false);
    expect($('[data-staff-menu]').hidden).toBe(true);
  });

  it('shows a signed-in staff member’s name and initials instead, and takes them away at sign-out', () => {
    setStaffHint(true, { uid: 'u1', name: 'lee@example.com', avatarUrl: null });
    setStaffProfile({ uid: 'u1', name: 'Lee Park', avatarUrl: null });
    expect($('[data-staff-sign-in]').hidden).toBe(true);
    expect($('[data-staff-menu]').hidden).toBe(false);
    expect($('[data-staff-name]').textContent).toBe('Lee Park');
    expect($('[data-staff-initials]').textContent).toBe('LP');
    expect(document.querySelector('[data-staff-avatar]')).toBeNull();
    setStaffHint(false);
    expect($('[data-staff-sign-in]').hidden).toBe(false);
    expect($('[data-staff-menu]').hidden).toBe(true);
  });

  it('shows a picture over https in place of the initials', () => {
    setStaffHint(true, { uid: 'u1', name: 'Lee', avatarUrl: 'https://example.org/lee.png' });
    const avatar = $<HTMLImageElement>('[data-staff-avatar]');
    expect(avatar.hidden).toBe(false);
    expect(avatar.getAttribute('src')).toBe('https://example.org/lee.png');
    expect($('[data-staff-initials]').hidden).toBe(true);
  });

  it('opens as a disclosure, and Escape closes it and gives focus back to the button', () => {
    setStaffHint(true, { uid: 'u1', name: 'Lee', avatarUrl: null });
    const button = $<HTMLButtonElement>('[data-staff-menu-button]');
    const panel = $('#panel');
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    const inbox = panel.querySelector('a')!;
    inbox.focus();
    press(inbox, 'Escape');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    button.click();
    button.click();
    expect(panel.hidden).toBe(true);
  });

  it('closes on a click elsewhere', () => {
    setStaffHint(true, { uid: 'u1', name: 'Lee', avatarUrl: null });
    $<HTMLButtonElement>('[data-staff-menu-button]').click();
    $('#elsewhere').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect($('#panel').hidden).toBe(true);
  });

  it('shows pictures only from https or this site', () => {
    expect(safeAvatarUrl('https://example.org/a.png', 'http://localhost:4321')).toBe('https://example.org/a.png');
    expect(safeAvatarUrl('/a.png', 'http://localhost:4321')).toBe('http://localhost:4321/a.png');
    expect(safeAvatarUrl('javascript:alert(1)', 'http://localhost:4321')).toBeNull();
    expect(safeAvatarUrl('http://example.org/a.png', 'http://localhost:4321')).toBeNull();
    expect(safeAvatarUrl(null, 'http://localhost:4321')).toBeNull();
  });
});
