/**
 * Files' records (`chat_files`, migration 22): one is made before its bytes are written and is complete once they
 * all are; only complete ones are ever read.
 */
import type { Participant } from '../../../lib/api/chat.ts';
import type { StoredFile } from '../../../lib/api/files.ts';
import { isUniqueViolation, type Queryable } from '../../db/database.ts';

type FileRow = {
  id: string;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
};

const fileColumns = `f.id, f.name, f.type, f.size, f.width, f.height`;

export const toStoredFile = (row: FileRow): StoredFile => ({
  id: row.id,
  name: row.name,
  type: row.type,
  size: Number(row.size),
  ...(row.width && row.height && { width: row.width, height: row.height }),
});

export async function createRecord(db: Queryable, file: { id: string; chatBoxId: string; uploader: Participant; name: string }) {
  await db.query(`insert into chat_files (id, chat_box_id, uploader_kind, uploader_id, name) values ($1, $2, $3, $4, $5)`, [
    file.id,
    file.chatBoxId,
    file.uploader.kind,
    file.uploader.id,
    file.name,
  ]);
}

export interface Finished {
  type: string;
  size: number;
  sha256: string;
  width?: number | undefined;
  height?: number | undefined;
}

/**
 * Marks a file complete. The same content already in the chat box makes this one redundant: it is removed and the
 * earlier one answered, so a file sent twice (or an upload retried after its answer was lost) is stored once.
 */
export async function completeRecord(db: Queryable, id: string, chatBoxId: string, done: Finished): Promise<StoredFile> {
  try {
    const [row] = await db.query<FileRow>(
      `update chat_files f set complete = true, type = $2, size = $3, sha256 = $4, width = $5, height = $6
        where f.id = $1 returning ${fileColumns}`,
      [id, done.type, done.size, done.sha256, done.width ?? null, done.height ?? null],
    );
    if (row) return toStoredFile(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  await removeRecords(db, [id]);
  const [earlier] = await db.query<FileRow>(
    `select ${fileColumns} from chat_files f where f.chat_box_id = $1 and f.sha256 = $2 and f.complete`,
    [chatBoxId, done.sha256],
  );
  if (!earlier) throw new Error(`The file ${id} was removed while it was being stored.`);
  return toStoredFile(earlier);
}

/** Removes records (in the database, their parts follow by foreign key); cleanup.ts's `removeFiles` removes bytes too. */
export async function removeRecords(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.query(`delete from chat_files where id = any($1::text[])`, [ids]);
}

/**
 * The chat box's complete files among `ids` the participant may see (readable.ts's rule), in no order. A contact sees
 * the files contacts sent and those of messages to them; never those only internal notes carry.
 */
export async function visibleFiles(
  db: Queryable,
  chatBoxId: string,
  viewer: Participant['kind'],
  ids: readonly string[],
): Promise<(StoredFile & { uploaderKind: Participant['kind'] })[]> {
  const rows = await db.query<FileRow & { uploader_kind: Participant['kind'] }>(
    `select ${fileColumns}, f.uploader_kind from chat_files f
      where f.chat_box_id = $1 and f.id = any($2::text[]) and f.complete
        and ($3 = 'staff' or ${contactSeesFile})`,
    [chatBoxId, ids, viewer],
  );
  return rows.map((row) => ({ ...toStoredFile(row), uploaderKind: row.uploader_kind }));
}

/** SQL: the file `f` reaches the contact — a contact sent it, or a message to the contact carries it. */
const contactSeesFile = `(f.uploader_kind = 'contact' or exists (select 1 from messages m
  where m.chat_box_id = f.chat_box_id and not m.internal and m.files @> jsonb_build_array(jsonb_build_object('id', f.id))))`;
