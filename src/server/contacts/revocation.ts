/** Revoking a contact: their access ends everywhere at once, until staff invite them again. */
import { cancelPendingMail } from '../mail/outbox.ts';
import type { Services } from '../services.ts';

export interface Revocation {
  contactId: string;
  /** Live one-time codes that can no longer be redeemed. */
  codesKilled: number;
}

/**
 * Ends a contact's access until staff invite them again, in one transaction: its live codes are marked used, its
 * session version goes up, it is marked revoked (no e-mail gives it a new code), e-mails to it not sent yet are
 * given up, and its open streams end at commit, in every process. Verify reads the version before redeeming, so a
 * code redeemed at the same moment either is refused or gives a token with the old version. Undefined for an unknown
 * e-mail.
 */
export async function revokeContact({ db, chat }: Pick<Services, 'db' | 'chat'>, email: string): Promise<Revocation | undefined> {
  const revocation = await db.transaction(async (tx) => {
    const [contact] = await tx.query<{ id: string; email: string }>(
      `update contacts set session_version = session_version + 1, access_revoked_at = now()
       where lower(email) = lower($1) returning id, email`,
      [email],
    );
    if (!contact) return undefined;
    const killed = await tx.query(
      `update one_time_codes set used_at = now() where contact_id = $1 and used_at is null and expires_at > now() returning id`,
      [contact.id],
    );
    await cancelPendingMail(tx, contact.email);
    await chat.announceAccessEnd(tx, { kind: 'contact', id: contact.id });
    return { contactId: contact.id, codesKilled: killed.length };
  });
  if (revocation) chat.endAccess({ kind: 'contact', id: revocation.contactId });
  return revocation;
}
