/**
 * Per-contact session versions: every session token carries its contact's version, so bumping it (revoking the
 * contact) ends every session at once, and a deleted contact's sessions end with it.
 */
import type { Queryable } from '../db/database.ts';
import { cancelPendingMail } from '../mail/outbox.ts';
import type { Services } from '../services.ts';

/** How long a version read is trusted: another process's revocation, or a deletion, ends sessions within this. */
export const contactCheckCacheMs = 10_000;

export interface SessionVersions {
  /** The contact's session version, or undefined when the contact no longer exists. */
  current(contactId: string): Promise<number | undefined>;
  /** Drops what is remembered of this contact, so a change made by this process applies at once. */
  forget(contactId: string): void;
}

export async function readSessionVersion(db: Queryable, contactId: string): Promise<number | undefined> {
  const [row] = await db.query<{ session_version: number }>(`select session_version from contacts where id = $1`, [contactId]);
  return row?.session_version;
}

/**
 * Versions remembered for a few seconds per process. Every extend and every read of a session asks; without
 * this, one database query would be most of the cost of extending a session.
 */
export function sessionVersionCache(db: Queryable): SessionVersions {
  const seen = new Map<string, { version: number; until: number }>();
  return {
    async current(contactId) {
      const now = Date.now();
      const cached = seen.get(contactId);
      if (cached && cached.until > now) return cached.version;
      const version = await readSessionVersion(db, contactId);
      if (version === undefined) seen.delete(contactId);
      else {
        // A rough bound on memory: forget everything now and then rather than track each entry's age.
        if (seen.size >= 100_000) seen.clear();
        seen.set(contactId, { version, until: now + contactCheckCacheMs });
      }
      return version;
    },
    forget: (contactId) => void seen.delete(contactId),
  };
}

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
