/**
 * Files nobody will read: an upload a process left unfinished (it ended mid-upload) after an hour, and a file no
 * message took (the sender gave up, or closed the page) after a day. Housekeeping runs it (maintenance.ts).
 */
import type { Queryable } from '../../db/database.ts';
import type { FileBytes } from './bytes.ts';
import { removeRecords } from './records.ts';

export async function pruneFiles(db: Queryable, bytes: FileBytes): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `select id from chat_files where not attached
      and created_at < now() - case when complete then interval '1 day' else interval '1 hour' end`,
  );
  const ids = rows.map((row) => row.id);
  await bytes.remove(ids);
  await removeRecords(db, ids);
  return ids.length;
}
