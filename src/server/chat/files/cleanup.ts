/**
 * How files go: their records first, then their bytes, so a process killed in between leaves bytes nobody can
 * reach (found later by `removeOrphans`), never a record without its bytes. And the files nobody will read: an
 * upload a process left unfinished (it ended mid-upload) after an hour, and a file no message took (the sender gave
 * up, or closed the page) after a day. Housekeeping runs `pruneFiles` (maintenance.ts).
 */
import type { Queryable } from '../../db/database.ts';
import type { FileBytes } from './bytes.ts';
import { removeRecords } from './records.ts';

export async function removeFiles(db: Queryable, bytes: FileBytes, ids: readonly string[]): Promise<void> {
  await removeRecords(db, ids);
  await bytes.remove(ids);
}

/** Which of `ids` still have a record. */
async function recorded(db: Queryable, ids: readonly string[]): Promise<ReadonlySet<string>> {
  const rows = await db.query<{ id: string }>(`select id from chat_files where id = any($1::text[])`, [ids]);
  return new Set(rows.map((row) => row.id));
}

export async function pruneFiles(db: Queryable, bytes: FileBytes): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `select id from chat_files where not attached
      and created_at < now() - case when complete then interval '1 day' else interval '1 hour' end`,
  );
  const ids = rows.map((row) => row.id);
  await removeFiles(db, bytes, ids);
  const orphans = await bytes.removeOrphans((some) => recorded(db, some));
  return ids.length + orphans;
}
