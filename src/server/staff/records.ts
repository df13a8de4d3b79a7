/** Organisation users' records: found by uid (names on messages, removed members too), added or changed by e-mail. */
import type { StaffRole } from '../../lib/api/staff.ts';
import type { Queryable } from '../db/database.ts';

/** An organisation user's record; uid is null until they first sign in. */
export interface OrganizationUser {
  uid: string | null;
  email: string;
  name: string;
  avatarUrl: string | null;
  role: StaffRole;
}

const userColumns = `uid, email, name, avatar_url as "avatarUrl", role`;

export async function findOrganizationUserByUid(db: Queryable, uid: string): Promise<OrganizationUser | undefined> {
  const [row] = await db.query<OrganizationUser & Record<string, unknown>>(`select ${userColumns} from organization_users where uid = $1`, [
    uid,
  ]);
  return row;
}

/**
 * Adds a staff member by e-mail (or brings a removed one back), or changes their role (and name, when given) if
 * they are listed already. Staff management (staff/members.ts) guards it so an admin always remains.
 */
export async function upsertOrganizationUser(
  db: Queryable,
  { email, role, name }: { email: string; role: 'admin' | 'agent'; name?: string | undefined },
): Promise<OrganizationUser> {
  const [row] = await db.query<OrganizationUser & Record<string, unknown>>(
    `insert into organization_users (email, role, name) values ($1, $2, coalesce($3, ''))
     on conflict ((lower(email))) do update
       set role = excluded.role, name = coalesce(nullif($3, ''), organization_users.name), removed_at = null
     returning ${userColumns}`,
    [email, role, name ?? null],
  );
  return row!;
}
