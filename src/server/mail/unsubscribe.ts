/**
 * Turning missed-message e-mails off without signing in: each such e-mail carries a link with a token naming its
 * recipient (a contact, or a staff member), signed with a key of its own. The token does nothing else and never
 * expires, as mail clients expect of List-Unsubscribe (RFC 8058: one POST, no page, no login).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export type Subscriber = { kind: 'contact'; id: string } | { kind: 'staff'; id: string };

const prefix = { contact: 'c', staff: 's' } as const;

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe\n${payload}`).digest().subarray(0, 18);
}

export function unsubscribeToken(key: Buffer, subscriber: Subscriber): string {
  const payload = `${prefix[subscriber.kind]}.${subscriber.id}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(key, payload).toString('base64url')}`;
}

/** The subscriber a token names, or undefined when it is not one of ours (or was changed). */
export function readUnsubscribeToken(key: Buffer, token: string): Subscriber | undefined {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return undefined;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [kind, id] = [payload.slice(0, 1), payload.slice(2)];
  if (payload[1] !== '.' || !id) return undefined;
  if (kind === prefix.contact) return { kind: 'contact', id };
  if (kind === prefix.staff) return { kind: 'staff', id };
  return undefined;
}

/** The link in the e-mail and its List-Unsubscribe headers (one-click: mail clients POST to the URL). */
export function unsubscribeHeaders(siteUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeApiUrl(siteUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function unsubscribeApiUrl(siteUrl: string, token: string): string {
  const url = new URL('/api/mail/unsubscribe', siteUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/** The page a person opens from the e-mail's own link: it asks before it turns anything off (link scanners GET). */
export function unsubscribePageUrl(siteUrl: string, lang: string, token: string): string {
  const url = new URL(`/${lang}/unsubscribe`, siteUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/** Turns missed-message e-mails off (or, `on`, back on) for the subscriber; unknown ones (an erased contact) stay off. */
export async function unsubscribe(db: Queryable, subscriber: Subscriber, on = false): Promise<void> {
  if (subscriber.kind === 'contact') {
    await db.query(
      on
        ? `update contacts set missed_mail_off_at = null where id = $1`
        : `update contacts set missed_mail_off_at = coalesce(missed_mail_off_at, now()) where id = $1`,
      [subscriber.id],
    );
  } else if (/^\d{1,18}$/.test(subscriber.id)) {
    await db.query(`update organization_users set missed_mail = $2 where id = $1`, [subscriber.id, on]);
  }
}
