/**
 * Staff management: who is on the staff, with which role. Only admins may change it (the routes declare the
 * `admin` caller; the command-line tool is the operator's), and never so that no admin is left: the admins' rows
 * are locked first, so two admins demoting each other at once cannot both succeed. A removed member's row stays
 * (removed_at), so their name stays on their messages; they can no longer sign in, and their chat boxes go back
 * to nobody.
 */
import type { StaffRecord, StaffRole } from '../../lib/api/staff.ts';
import type { Database, Queryable } from '../db/database.ts';
import { upsertOrganizationUser } from './records.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Mailer } from '../mail/mailer.ts';
import { staffWelcomeMail } from '../mail/staffWelcomeMail.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';

const columns = `uid, email, name, avatar_url as "avatarUrl", role`;
type Row = StaffRecord & Record<string, unknown>;

export async function listStaff(db: Queryable): Promise<StaffRecord[]> {
  return db.query<Row>(`select ${columns} from organization_users where removed_at is null order by lower(email)`);
}

/** Refuses a change that would leave no admin: `email` is about to stop being one. */
async function keepAnAdmin(tx: Queryable, email: string): Promise<void> {
  const admins = await tx.query<{ email: string }>(
    `select email from organization_users where role = 'admin' and removed_at is null order by id for update`,
  );
  const leaving = admins.some((admin) => admin.email.toLowerCase() === email.toLowerCase());
  if (leaving && admins.length === 1) {
    throw new ApiError(409, 'last_admin', 'This is the last admin: make someone else an admin first.');
  }
}

/** Adds a staff member (or brings a removed one back) with this role; an existing one gets the role (and name). */
/** Who is told by e-mail that they were added: the outbox, and what the e-mail says of who added them. */
export interface StaffWelcome {
  mail: Mailer;
  siteUrl: string;
  lang: Lang;
  inviter: string;
}

/**
 * Adds a staff member (or changes the role of one already there). Someone new to the staff, or back after being
 * removed, gets the welcome e-mail when `welcome` says so, written in the same transaction (the outbox): one per
 * addition, however often the request is retried.
 */
export function addStaff(
  db: Database,
  { email, role, name }: { email: string; role: StaffRole; name?: string | undefined },
  welcome?: StaffWelcome,
): Promise<StaffRecord> {
  return db.transaction(async (tx) => {
    if (role !== 'admin') await keepAnAdmin(tx, email);
    const [before] = await tx.query<{ active: boolean }>(
      `select removed_at is null as active from organization_users where lower(email) = lower($1) for update`,
      [email],
    );
    const added = await upsertOrganizationUser(tx, { email, role, name });
    if (welcome && !before?.active) {
      // A retried request finds them already on the staff and sends nothing; one added again later is a new key.
      const [row] = await tx.query<{ at: string }>(`select (extract(epoch from now()) * 1000)::bigint::text as at`);
      const { mail, ...input } = welcome;
      const idempotencyKey = `staffWelcome:${added.email.toLowerCase()}:${row!.at}`;
      await mail.enqueue(tx, staffWelcomeMail({ idempotencyKey, to: added.email, role, ...input }));
    }
    return added;
  });
}

export function changeRole(db: Database, email: string, role: StaffRole): Promise<StaffRecord> {
  return db.transaction(async (tx) => {
    if (role !== 'admin') await keepAnAdmin(tx, email);
    const [row] = await tx.query<Row>(
      `update organization_users set role = $2 where lower(email) = lower($1) and removed_at is null returning ${columns}`,
      [email, role],
    );
    if (!row) throw new ApiError(404, 'not_found', 'There is no staff member with that e-mail.');
    return row;
  });
}

/**
 * Removes a staff member, and ends their open streams at commit in every process; false when there was none with
 * that e-mail.
 */
export async function removeStaff({ db, chat }: Pick<Services, 'db' | 'chat'>, email: string): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    await keepAnAdmin(tx, email);
    const [row] = await tx.query<{ id: number; uid: string | null }>(
      `update organization_users set removed_at = now() where lower(email) = lower($1) and removed_at is null returning id, uid`,
      [email],
    );
    if (!row) return undefined;
    await tx.query(`update chat_boxes set assignee_id = null where assignee_id = $1`, [row.id]);
    if (row.uid) await chat.announceAccessEnd(tx, { kind: 'staff', id: row.uid });
    return row;
  });
  if (removed?.uid) chat.endAccess({ kind: 'staff', id: removed.uid });
  return removed !== undefined;
}
