/**
 * A contact's answer to "How was your conversation?", in the chat box's transaction with an event both sides hear:
 * the latest resolution's (in the conversation), or the one an e-mail asked about (its link names it). Answering
 * again changes the answer.
 */
import type { RatingState } from '../../lib/api/ratings.ts';
import { ApiError } from '../errors.ts';
import { changeChatBox, type ChatStore } from './messages.ts';

export function rate(
  store: ChatStore,
  chatBoxId: string,
  answer: { score: number; comment?: string | undefined; ratingId?: number },
): Promise<RatingState> {
  return changeChatBox(store, chatBoxId, async (tx) => {
    const comment = answer.comment?.trim() || null;
    const [rated] = await tx.query<RatingState>(
      `update ratings set score = $3, comment = $4, rated_at = now()
       where id = coalesce($2, (select max(id) from ratings where chat_box_id = $1)) and chat_box_id = $1
       returning score, comment`,
      [chatBoxId, answer.ratingId ?? null, answer.score, comment],
    );
    if (!rated) throw new ApiError(409, 'conflict', 'This conversation has not been resolved: there is nothing to rate yet.');
    return { result: rated, event: { type: 'rating', score: answer.score, comment, by: null } };
  });
}
