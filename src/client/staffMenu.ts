/**
 * The header's signed-in state on every page: the sign-in hint's name and picture (never a token) in place of
 * "Staff sign-in", and their menu as a disclosure button (aria-expanded; Escape, a click or focus elsewhere close
 * it). No Firebase and no framework: "Sign out" is a link to the login page, which signs out there.
 */
import { initials } from '../lib/initials.ts';
import { staffHintEvent, staffProfile, type StaffHintProfile } from '../lib/staff/signedInHint.ts';

/** Only pictures over https (or from this site) are shown; anything else falls back to the initials. */
export function safeAvatarUrl(url: string | null, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.origin === origin ? parsed.href : null;
  } catch {
    return null;
  }
}

function show(profile: StaffHintProfile | null): void {
  const menu = document.querySelector<HTMLElement>('[data-staff-menu]');
  const signIn = document.querySelector<HTMLElement>('[data-staff-sign-in]');
  if (!menu || !signIn) return;
  signIn.hidden = !!profile;
  // Staff reach the same page as their inbox, from their menu.
  const contactChats = document.querySelector<HTMLElement>('[data-contact-chats]');
  if (contactChats) contactChats.hidden = !!profile;
  menu.hidden = !profile;
  if (!profile) return setOpen(menu, false);
  menu.querySelector('[data-staff-name]')!.textContent = profile.name;
  menu.querySelector('[data-staff-initials]')!.textContent = initials(profile.name);
  const initialsBadge = menu.querySelector<HTMLElement>('[data-staff-initials]')!;
  const url = safeAvatarUrl(profile.avatarUrl, location.origin);
  // Made only when there is a picture: an <img> without a source in every page's markup is not valid HTML.
  let avatar = menu.querySelector<HTMLImageElement>('[data-staff-avatar]');
  if (url && !avatar) {
    avatar = Object.assign(document.createElement('img'), { className: 'staff-menu-avatar', alt: '', width: 28, height: 28 });
    avatar.dataset['staffAvatar'] = '';
    initialsBadge.after(avatar);
  }
  if (avatar && url) {
    const shown = avatar;
    shown.onerror = () => {
      shown.hidden = true;
      initialsBadge.hidden = false;
    };
    if (shown.getAttribute('src') !== url) shown.src = url;
  }
  if (avatar) avatar.hidden = !url;
  initialsBadge.hidden = !!url;
}

function setOpen(menu: Element, open: boolean): void {
  const button = menu.querySelector<HTMLButtonElement>('[data-staff-menu-button]');
  const panel = menu.querySelector<HTMLElement>('.staff-menu-panel');
  if (!button || !panel) return;
  button.setAttribute('aria-expanded', String(open));
  panel.hidden = !open;
}

const openMenu = () => document.querySelector('[data-staff-menu-button][aria-expanded="true"]')?.closest('[data-staff-menu]') ?? null;

document.addEventListener('click', (event) => {
  const target = event.target as Element;
  const button = target.closest?.('[data-staff-menu-button]');
  if (button) {
    setOpen(button.closest('[data-staff-menu]')!, button.getAttribute('aria-expanded') !== 'true');
    return;
  }
  const menu = openMenu();
  if (menu && !menu.contains(target)) setOpen(menu, false);
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const menu = openMenu();
  if (!menu || !menu.contains(event.target as Node)) return;
  setOpen(menu, false);
  menu.querySelector<HTMLElement>('[data-staff-menu-button]')?.focus();
});

document.addEventListener('focusout', (event) => {
  const next = event.relatedTarget as Node | null;
  const menu = openMenu();
  if (menu && next && !menu.contains(next)) setOpen(menu, false);
});

const refresh = () => show(staffProfile());
// Another tab signed in or out, this tab did, or a page swap brought a fresh header.
window.addEventListener('storage', refresh);
window.addEventListener(staffHintEvent, refresh);
document.addEventListener('astro:after-swap', refresh);
refresh();
