/**
 * Triage: a conversation's tags (from the organisation's list), priority and snooze, each change an event with who
 * made it. A snoozed conversation leaves the open list until its time comes (a scan wakes it, with an event) or the
 * contact writes; resolving it ends the snooze.
 */
import type { ChatPriority, Tag } from '../../lib/api/chat.ts';
import { ApiError } from '../errors.ts';
import { scanRegularly } from '../scanRegularly.ts';
import type { Services } from '../services.ts';
import { changeChatBox, type ChatStore } from './messages.ts';
import { tagsOf } from './tags.ts';

/** A snooze ends at most this far ahead. */
const snoozeMaxMs = 366 * 24 * 3600_000;

/**
 * Snoozes an open chat box until `until`, or wakes it (null); `by`: who (null: the time came, or the contact wrote).
 * `dueOnly`: wake only a snooze whose time has come (a colleague may have snoozed it again meanwhile).
 */
export function snooze(
  store: ChatStore,
  chatBoxId: string,
  until: Date | null,
  by: string | null,
  dueOnly = false,
): Promise<string | null> {
  if (until && (until.getTime() <= Date.now() || until.getTime() > Date.now() + snoozeMaxMs)) {
    throw new ApiError(400, 'invalid_body', 'A snooze ends at a time to come, within a year.');
  }
  return changeChatBox(store, chatBoxId, async (tx) => {
    const [box] = await tx.query<{ status: string; snoozed_until: Date | null }>(
      `select status, snoozed_until from chat_boxes where id = $1`,
      [chatBoxId],
    );
    if (until && box!.status !== 'open') throw new ApiError(409, 'conflict', 'Only an open conversation can be snoozed.');
    if (!until && (!box!.snoozed_until || (dueOnly && box!.snoozed_until.getTime() > Date.now()))) {
      return { result: box!.snoozed_until?.toISOString() ?? null };
    }
    await tx.query(`update chat_boxes set snoozed_until = $2 where id = $1`, [chatBoxId, until]);
    const iso = until?.toISOString() ?? null;
    return { result: iso, event: { type: 'snooze', until: iso, by } };
  });
}

/** Wakes every chat box whose snooze has ended, each with its event; answers how many. */
export async function wakeDue(store: ChatStore): Promise<number> {
  const due = await store.db.query<{ id: string }>(
    `select id from chat_boxes where snoozed_until <= now() order by snoozed_until limit 500`,
  );
  for (const { id } of due) await snooze(store, id, null, null, true);
  return due.length;
}

/** A contact who writes into a snoozed conversation wakes it (one update on the key; nothing when not snoozed). */
export async function wakeOnContactMessage(store: ChatStore, chatBoxId: string): Promise<void> {
  const [snoozed] = await store.db.query(`select 1 from chat_boxes where id = $1 and snoozed_until is not null`, [chatBoxId]);
  if (snoozed) await snooze(store, chatBoxId, null, null);
}

/** Wakes snoozed conversations every 30 s; the returned function stops it, after a scan under way. */
export const wakeSnoozedRegularly = (services: Services & ChatStore, everyMs = 30_000) =>
  scanRegularly(services.log, 'Snoozed conversations', () => wakeDue(services), everyMs);

/** Puts tags on and takes tags off (ids from the list; an unknown id is a 404); answers the chat box's tags. */
export function setTags(
  store: ChatStore,
  chatBoxId: string,
  add: readonly number[],
  remove: readonly number[],
  by: string,
): Promise<Tag[]> {
  return changeChatBox(store, chatBoxId, async (tx) => {
    const wanted = [...new Set([...add, ...remove])];
    const known = await tx.query<Tag>(`select id::integer as id, name from tags where id = any($1::bigint[])`, [wanted]);
    if (known.length !== wanted.length) throw new ApiError(404, 'not_found', 'There is no such tag.');
    const name = (id: number) => known.find((tag) => tag.id === id)!.name;
    const added = await tx.query<{ tag_id: number }>(
      `insert into chat_box_tags (chat_box_id, tag_id) select $1, unnest($2::bigint[]) on conflict do nothing returning tag_id::integer`,
      [chatBoxId, add.filter((id) => !remove.includes(id))],
    );
    const removed = await tx.query<{ tag_id: number }>(
      `delete from chat_box_tags where chat_box_id = $1 and tag_id = any($2::bigint[]) returning tag_id::integer`,
      [chatBoxId, remove],
    );
    const tags = await tagsOf(tx, chatBoxId);
    if (!added.length && !removed.length) return { result: tags };
    return {
      result: tags,
      event: { type: 'tags', tags, added: added.map((row) => name(row.tag_id)), removed: removed.map((row) => name(row.tag_id)), by },
    };
  });
}

/** Sets the priority (none: null). */
export function setPriority(store: ChatStore, chatBoxId: string, priority: ChatPriority | null, by: string): Promise<ChatPriority | null> {
  return changeChatBox(store, chatBoxId, async (tx) => {
    const [changed] = await tx.query(`update chat_boxes set priority = $2 where id = $1 and priority is distinct from $2 returning 1`, [
      chatBoxId,
      priority,
    ]);
    return { result: priority, ...(changed && { event: { type: 'priority', priority, by } as const }) };
  });
}
