/**
 * The organisation's saved replies: admins keep them (add, change, delete), every staff member lists them and
 * counts a use when one goes into a message. Names are unique whatever their case.
 */
import { savedRepliesMax, type SavedReply } from '../../lib/api/savedReplies.ts';
import { isUniqueViolation, type Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';

type Row = { id: number; name: string; texts: SavedReply['texts'] | string; uses: number };
const columns = `id::integer as id, name, texts, uses`;
// One driver hands jsonb over parsed, the other as text.
const toReply = (row: Row): SavedReply => ({ ...row, texts: typeof row.texts === 'string' ? JSON.parse(row.texts) : row.texts });

const taken = () => new ApiError(409, 'saved_reply_exists', 'There is a saved reply with that name already.');
const missing = () => new ApiError(404, 'not_found', 'There is no such saved reply.');
const nameTaken = (error: unknown) => {
  throw isUniqueViolation(error) ? taken() : error;
};

export async function listSavedReplies(db: Queryable): Promise<SavedReply[]> {
  return (await db.query<Row>(`select ${columns} from saved_replies order by lower(name), id`)).map(toReply);
}

export async function createSavedReply(db: Queryable, reply: Pick<SavedReply, 'name' | 'texts'>): Promise<SavedReply> {
  const [count] = await db.query<{ n: number }>(`select count(*)::integer as n from saved_replies`);
  if (count!.n >= savedRepliesMax) throw new ApiError(409, 'conflict', `An organisation keeps at most ${savedRepliesMax} saved replies.`);
  const [row] = await db
    .query<Row>(`insert into saved_replies (name, texts) values ($1, $2::jsonb) returning ${columns}`, [
      reply.name,
      JSON.stringify(reply.texts),
    ])
    .catch(nameTaken);
  return toReply(row!);
}

/** Replaces its name and texts (a language left out is no longer offered). */
export async function updateSavedReply(db: Queryable, reply: Pick<SavedReply, 'id' | 'name' | 'texts'>): Promise<SavedReply> {
  const [row] = await db
    .query<Row>(`update saved_replies set name = $2, texts = $3::jsonb where id = $1 returning ${columns}`, [
      reply.id,
      reply.name,
      JSON.stringify(reply.texts),
    ])
    .catch(nameTaken);
  if (!row) throw missing();
  return toReply(row);
}

export async function deleteSavedReply(db: Queryable, id: number): Promise<void> {
  const [gone] = await db.query(`delete from saved_replies where id = $1 returning 1`, [id]);
  if (!gone) throw missing();
}

export async function countSavedReplyUse(db: Queryable, id: number): Promise<void> {
  const [used] = await db.query(`update saved_replies set uses = uses + 1 where id = $1 returning 1`, [id]);
  if (!used) throw missing();
}
