/**
 * The automatic answer to a contact who writes while the team is away (office hours, lib/chat/officeHours.ts): an
 * event both sides see, saying when the team is next in. Once until staff answer: never two in a row.
 */
import { officeState } from '../../lib/chat/officeHours.ts';
import { recentSettings } from '../staff/settings.ts';
import { changeChatBox, type ChatStore } from './messages.ts';

/** After a contact's message: answers it if the team is away and has not said so since staff last wrote. */
export async function answerIfAway(store: ChatStore, chatBoxId: string, now = Date.now()): Promise<void> {
  const { officeHours } = await recentSettings(store.db);
  if (!officeHours) return;
  const { open, opensAt } = officeState(officeHours, now);
  if (open) return;
  await changeChatBox(store, chatBoxId, async (tx) => {
    const [said] = await tx.query(
      `select 1 from chat_events a where a.chat_box_id = $1 and a.type = 'away'
         and not exists (select 1 from chat_events e join messages m on m.id = e.message_id
                          where e.chat_box_id = $1 and e.seq > a.seq and m.sender_kind = 'staff' and not m.internal)
       limit 1`,
      [chatBoxId],
    );
    if (said) return { result: undefined };
    return { result: undefined, event: { type: 'away', opensAt: opensAt === null ? null : new Date(opensAt).toISOString(), by: null } };
  });
}
