/**
 * Per-contact session versions: every session token carries its contact's version, so bumping it (revoking the
 * contact) ends every session at once, and a deleted contact's sessions end with it.
 */
import type { Queryable } from '../db/database.ts';

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
