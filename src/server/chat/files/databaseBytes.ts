/** Files' bytes in the database, as rows of `chat_file_parts` (migration 22) that follow their record when it goes. */
import type { FileVariant } from '../../../lib/api/files.ts';
import type { Queryable } from '../../db/database.ts';
import type { FileBytes } from './bytes.ts';

export function databaseBytes(db: Queryable): FileBytes {
  return {
    async write(fileId, variant, parts) {
      let seq = 0;
      try {
        // A statement a part, each awaited before the next part is read: the upload waits for the database, so
        // memory holds a part or two per upload whatever the client's speed.
        for await (const part of parts) {
          await db.query(`insert into chat_file_parts (file_id, variant, seq, data) values ($1, $2, $3, $4)`, [
            fileId,
            variant,
            seq++,
            part,
          ]);
        }
      } catch (error) {
        await db.query(`delete from chat_file_parts where file_id = $1 and variant = $2`, [fileId, variant]);
        throw error;
      }
    },
    async *read(fileId: string, variant: FileVariant) {
      // A part a query, so a download holds one part at a time too.
      for (let seq = 0; ; seq++) {
        const [row] = await db.query<{ data: Uint8Array }>(
          `select data from chat_file_parts where file_id = $1 and variant = $2 and seq = $3`,
          [fileId, variant, seq],
        );
        if (!row) return;
        yield row.data;
      }
    },
    async remove(fileIds) {
      if (fileIds.length) await db.query(`delete from chat_file_parts where file_id = any($1::text[])`, [fileIds]);
    },
    // Parts follow their record by foreign key, and a failed write removes its own: there are never any.
    removeOrphans: async () => 0,
    // A database backup holds the parts with their records.
    whileKept: (work) => work(),
  };
}
