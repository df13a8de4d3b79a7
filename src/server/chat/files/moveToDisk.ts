/**
 * With PGlite, files' bytes live on disk (diskBytes.ts); a data directory whose database still holds some in
 * `chat_file_parts` (written before that) has them moved there at start, a variant at a time: written to disk
 * first, then deleted from the table, so a process killed half-way moves the rest at its next start.
 */
import type { FileVariant } from '../../../lib/api/files.ts';
import type { Queryable } from '../../db/database.ts';
import type { FileBytes } from './bytes.ts';
import { databaseBytes } from './databaseBytes.ts';

export async function moveBytesToDisk(db: Queryable, disk: FileBytes): Promise<number> {
  const stored = databaseBytes(db);
  const variants = await db.query<{ file_id: string; variant: FileVariant }>(
    `select distinct file_id, variant from chat_file_parts order by file_id, variant`,
  );
  for (const { file_id: fileId, variant } of variants) {
    await disk.write(fileId, variant, stored.read(fileId, variant));
    await db.query(`delete from chat_file_parts where file_id = $1 and variant = $2`, [fileId, variant]);
  }
  return variants.length;
}
