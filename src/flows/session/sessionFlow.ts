/**
 * What a contact's session page shows, decided outside the component: opening from an invitation link or a
 * typed code, renewing on time while the page is open, signing out. Failures become a notice to translate, never
 * raw server text.
 */
import type { MessageKey } from '../../lib/i18n/schema.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { $contactSessions, reloadSessionsFromCookies } from '../../stores/contactSessions.ts';
import {
  fetchContact,
  forgetOtherContacts,
  getSessionToken,
  isFinal,
  resetSessions,
  sessionOfAnotherContact,
  type Contact,
  type TokenRequest,
} from './sessionApi.ts';
import { pageScope, signedOutCodes } from '../../lib/api/constants.ts';
import { nextChangeAt } from '../../lib/session/tokenAge.ts';
import { browserStorage } from '../../lib/browserStorage.ts';

export type Notice =
  | 'session.ended'
  | 'session.codeNotAccepted'
  | 'session.noAccess'
  /** A visitor's started conversation whose e-mailed link did not open it (flows/session/chatStart.ts). */
  | 'start.codeNotAccepted'
  | `apiError.${string}`;

export type SessionView =
  | { kind: 'checking' }
  /** `final`: the session ends at expiresAt, no renewing. `checkAt`: when to renew, or to find it ended. */
  | { kind: 'active'; contact: Contact; expiresAt: number; final: boolean; checkAt: number }
  /** `refusal`: a 400 with per-field issues, so the form can put them next to its fields. `name`: the contact's,
   * when this device chatted as `contactId` before (to welcome them back). */
  | { kind: 'code'; notice: Notice | undefined; contactId: string; name?: string; refusal?: unknown }
  /** The link is another person's, and this device has `current`'s session (for `currentKey`): ask before replacing it. */
  | { kind: 'otherContact'; current: Contact; currentKey: string };

const knownErrors = new Set(['rate_limited', 'bot_check_failed', 'bot_check_unavailable', 'invalid_body', 'network']);

/** The translated notice for a failed session call. */
export function noticeFor(error: unknown): Notice {
  if (!(error instanceof ApiRequestError)) return 'apiError.unknown';
  if (error.code === 'code_not_accepted') return 'session.codeNotAccepted';
  if (signedOutCodes.includes(error.code)) return 'session.ended';
  // PRODUCT: an unknown chat box, or one this session does not cover, says so, never a blank page.
  if (['out_of_scope', 'not_found'].includes(error.code)) return 'session.noAccess';
  return knownErrors.has(error.code) ? (`apiError.${error.code}` as Notice) : 'apiError.unknown';
}

// Remembers that this browser had a session for a key, to say "ended" rather than just ask for a code.
const seenKey = (key: string) => `foyer:session-seen:${key}`;
const storage = browserStorage;
// The contact id and name of this browser's last session: after the session ended, the page welcomes them back by
// name and e-mails them a link with one button (or the code form has the id filled in).
const lastContactKey = 'foyer:contact-id';
const lastNameKey = 'foyer:contact-name';

/** The code view for a contact id (the link's, else this device's last), with their name if this device knows it. */
function codeView(notice: Notice | undefined, given: string | undefined): SessionView & { kind: 'code' } {
  const last = storage()?.getItem(lastContactKey) || '';
  const contactId = given || last;
  const name = contactId && contactId === last ? storage()?.getItem(lastNameKey) : undefined;
  return { kind: 'code', notice, contactId, ...(name && { name }) };
}

async function active(key: string): Promise<SessionView> {
  const contact = await fetchContact(key);
  const record = $contactSessions.get()[key];
  if (!contact || !record) return codeView('session.ended', undefined);
  storage()?.setItem(seenKey(key), '1');
  storage()?.setItem(lastContactKey, contact.id);
  storage()?.setItem(lastNameKey, contact.name);
  const final = isFinal(record.token);
  return { kind: 'active', contact, expiresAt: record.expiresAt, final, checkAt: nextChangeAt(record, final) };
}

async function open(key: string, request: TokenRequest): Promise<SessionView> {
  try {
    const token = await getSessionToken(key, request);
    if (token) return await active(key);
    return codeView(storage()?.getItem(seenKey(key)) ? 'session.ended' : undefined, request.contactId);
  } catch (error) {
    const view = codeView(noticeFor(error), request.contactId);
    return error instanceof ApiRequestError && error.issues.length ? { ...view, refusal: error } : view;
  }
}

export interface SessionLink {
  contactId?: string | undefined;
  otp?: string | undefined;
}

/**
 * On load: the code and contact id from the invitation link, if any; otherwise the session this browser has. A link
 * for another person than the one this device chats as is not used until the visitor says so (`confirmed`): someone
 * could send theirs, and whatever the visitor then writes would go to that person's conversation. Nothing is spent
 * by asking: the code stays unused until then.
 */
export async function openSession(key: string, link: SessionLink, confirmed = false): Promise<SessionView> {
  if (!confirmed && link.contactId && link.otp) {
    const currentKey = sessionOfAnotherContact(link.contactId, [key, pageScope]);
    const current = currentKey ? await fetchContact(currentKey).catch(() => null) : null;
    if (currentKey && current) return { kind: 'otherContact', current, currentKey };
  }
  const view = await open(key, link);
  if (confirmed && view.kind === 'active') forgetOtherContacts(view.contact.id);
  return view;
}

/** The form: a contact id and a code typed by hand. */
export const submitCode = (key: string, contactId: string, otp: string) =>
  open(key, { contactId: contactId.trim(), otp: otp.replace(/\s/g, '') });

/** Keeps the session going (extends it from 3000 s); used on a timer and when the tab comes back. */
export const renewSession = (key: string) => open(key, {});

/**
 * Keeps an active session's view current while the page is open: renews it when the token reaches 3000 s (or, for
 * the session's last token, finds it ended), and when the tab comes back (another tab may have renewed or ended it).
 * Returns the function that stops it.
 */
export function keepSessionCurrent(key: string, view: SessionView, show: (view: SessionView) => void): () => void {
  if (view.kind !== 'active') return () => {};
  const timer = setTimeout(() => void renewSession(key).then(show), Math.max(0, view.checkAt - Date.now()));
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    reloadSessionsFromCookies();
    void renewSession(key).then(show);
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** "Leave this conversation on this device". */
export function signOut(key: string): SessionView {
  resetSessions();
  storage()?.removeItem(seenKey(key));
  storage()?.removeItem(lastContactKey);
  storage()?.removeItem(lastNameKey);
  return { kind: 'code', notice: undefined, contactId: '' };
}

export type { MessageKey };
