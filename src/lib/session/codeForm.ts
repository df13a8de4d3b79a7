/**
 * The contact's code form, outside the component: a pasted invitation link read into the form's two values (and
 * the chat box it is for), each field's check, and where a code for another chat box opens. Nothing here sends or
 * stores the link's values; the form submits them like typed ones.
 */
import { contactSessionParams, idPatterns, pageScope } from '../api/constants.ts';

export interface PastedInvitation {
  contactId: string;
  otp: string | undefined;
  /** The chat box the link opens, or `page` for a page link; undefined when the text is only a query. */
  target: string | undefined;
}

/**
 * Reads an invitation link pasted as text: a full address, a path or just the query, with `cs_contactId` (and
 * usually `cs_otp`). Anything else, such as a typed id, is no link.
 */
export function readInvitationLink(text: string): PastedInvitation | undefined {
  const trimmed = text.trim();
  if (!trimmed.includes(`${contactSessionParams.contactId}=`)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, 'https://invitation.invalid/');
  } catch {
    return undefined;
  }
  const contactId = url.searchParams.get(contactSessionParams.contactId)?.trim();
  if (!contactId) return undefined;
  const otp = url.searchParams.get(contactSessionParams.otp)?.replace(/\s/g, '') || undefined;
  const chat = /\/chat(?:Box)?(?:\/([^/?#]+))?\/?$/.exec(url.pathname);
  const target = chat ? (chat[1] && idPatterns.chatBox.test(chat[1]) ? chat[1] : pageScope) : undefined;
  return { contactId, otp, target };
}

export type CodeFieldProblem = 'missing' | 'invalid';

export function contactIdProblem(value: string): CodeFieldProblem | null {
  const id = value.trim();
  if (!id) return 'missing';
  return idPatterns.contact.test(id) ? null : 'invalid';
}

/** Spaces are allowed (codes are often written in groups) and taken out before sending. */
export function codeProblem(value: string): CodeFieldProblem | null {
  const code = value.replace(/\s/g, '');
  if (!code) return 'missing';
  return /^\d{8}$/.test(code) ? null : 'invalid';
}

/** The page a code for `target` opens on, from the current one: /{lang}/chat… stays chat, the widget stays the widget. */
export function targetPath(pathname: string, target: string): string {
  const base = /^\/[^/]+\/chat(?:Box)?/.exec(pathname)?.[0] ?? pathname;
  return target === pageScope ? base : `${base}/${target}`;
}
