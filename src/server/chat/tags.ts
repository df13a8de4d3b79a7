/**
 * The organisation's tags: a list admins keep (add, rename, delete) and every staff member reads with how many
 * conversations each is on. Names are unique whatever their case; deleting a tag takes it off every conversation.
 */
import type { TagsListAnswer } from '../../lib/api/tags.ts';
import { tagsMax } from '../../lib/api/constants.ts';
import type { Tag } from '../../lib/api/chat.ts';
import { isUniqueViolation, type Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';

export async function listTags(db: Queryable): Promise<TagsListAnswer['tags']> {
  return db.query(
    `select t.id::integer as id, t.name, (select count(*) from chat_box_tags ct where ct.tag_id = t.id)::integer as uses
     from tags t order by lower(t.name), t.id`,
  );
}

const taken = () => new ApiError(409, 'tag_exists', 'There is a tag with that name already.');

export async function createTag(db: Queryable, name: string): Promise<Tag> {
  const [count] = await db.query<{ n: number }>(`select count(*)::integer as n from tags`);
  if (count!.n >= tagsMax) throw new ApiError(409, 'conflict', `An organisation keeps at most ${tagsMax} tags.`);
  const [tag] = await db
    .query<Tag>(`insert into tags (name) values ($1) returning id::integer as id, name`, [name])
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
  return tag!;
}

export async function renameTag(db: Queryable, id: number, name: string): Promise<Tag> {
  const [tag] = await db
    .query<Tag>(`update tags set name = $2 where id = $1 returning id::integer as id, name`, [id, name])
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
  if (!tag) throw new ApiError(404, 'not_found', 'There is no such tag.');
  return tag;
}

export async function deleteTag(db: Queryable, id: number): Promise<void> {
  const [gone] = await db.query(`delete from tags where id = $1 returning 1`, [id]);
  if (!gone) throw new ApiError(404, 'not_found', 'There is no such tag.');
}

/** The chat box's tags, by name. */
export async function tagsOf(db: Queryable, chatBoxId: string): Promise<Tag[]> {
  return db.query<Tag>(
    `select t.id::integer as id, t.name from chat_box_tags ct join tags t on t.id = ct.tag_id where ct.chat_box_id = $1 order by lower(t.name), t.id`,
    [chatBoxId],
  );
}
