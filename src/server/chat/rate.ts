/**
 * A contact's answer to "How was your conversation?", in the chat box's transaction with an event both sides hear:
 * the latest resolution's (in the conversation), or the one an e-mail asked about (its link names it). Answering
 * again changes the answer.
 */
import type { RatingState } from '../../lib/api/ratings.ts';
import { ApiError } from '../errors.ts';
import { changeChatBox, type ChatStore } from './messages.ts';

/** A contact may answer (or change their answer) this often an hour. */
export const rateLimit = { max: 20, windowSeconds: 3600 };

export function rate(
  store: ChatStore,
  chatBoxId: string,
  answer: { score: number; comment?: string | undefined; ratingId?: number },
): Promise<RatingState> {
  return changeChatBox(store, chatBoxId, async (tx) => {
    const comment = answer.comment?.trim() || null;
    const [asked] = await tx.query<RatingState & { id: number; latest: boolean }>(
      `select r.id::integer as id, r.score, r.comment, r.id = (select max(l.id) from ratings l where l.chat_box_id = $1) as latest
       from ratings r where r.chat_box_id = $1 and r.id = coalesce($2, (select max(id) from ratings where chat_box_id = $1))`,
      [chatBoxId, answer.ratingId ?? null],
    );
    if (!asked) throw new ApiError(409, 'conflict', 'This conversation has not been resolved: there is nothing to rate yet.');
    const rated = { score: answer.score, comment };
    // The same answer again changes nothing and tells nobody.
    if (asked.score === rated.score && asked.comment === rated.comment) return { result: rated };
    await tx.query(`update ratings set score = $2, comment = $3, rated_at = now() where id = $1`, [asked.id, rated.score, comment]);
    // An older resolution's rating (an old e-mail's link) is stored, but is not what the conversation asks now.
    return { result: rated, ...(asked.latest && { event: { type: 'rating', ...rated, by: null } as const }) };
  });
}
