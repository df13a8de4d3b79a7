/**
 * The automatic answer to a contact who writes while the team is away (office hours, lib/chat/officeHours.ts): an
 * event both sides see, saying when the team is next in. Never two in a row: once, until staff write or the time
 * it named has passed (a later closed spell deserves its own answer).
 */
import { officeState } from '../../lib/chat/officeHours.ts';
import type { Services } from '../services.ts';
import { recentSettings } from '../staff/settings.ts';
import { changeChatBox } from './messages.ts';

/**
 * After a contact's message: answers it if the team is away. Never fails the send it follows (the message is
 * stored already): a failure is logged.
 */
export async function answerIfAway(services: Pick<Services, 'db' | 'chat' | 'clock' | 'log'>, chatBoxId: string): Promise<void> {
  try {
    const { officeHours } = await recentSettings(services.db);
    if (!officeHours?.enabled) return;
    const now = services.clock();
    const { open, opensAt } = officeState(officeHours, now);
    if (open) return;
    await changeChatBox(services, chatBoxId, async (tx) => {
      // Under the chat box's lock: the newest message anyone sees is still the contact's (staff did not answer in
      // between), and no answer given since staff last wrote still stands.
      const [state] = await tx.query<{ contact_last: boolean; answered: boolean }>(
        `select coalesce((select sender_kind = 'contact' from messages where chat_box_id = $1 and not internal order by id desc limit 1), false) as contact_last,
           exists (select 1 from chat_events a where a.chat_box_id = $1 and a.type = 'away'
                     and (a.data->>'opensAt' is null or (a.data->>'opensAt')::timestamptz > $2)
                     and not exists (select 1 from chat_events e join messages m on m.id = e.message_id
                                      where e.chat_box_id = $1 and e.seq > a.seq and m.sender_kind = 'staff' and not m.internal)) as answered`,
        [chatBoxId, new Date(now).toISOString()],
      );
      if (!state?.contact_last || state.answered) return { result: undefined };
      return { result: undefined, event: { type: 'away', opensAt: opensAt === null ? null : new Date(opensAt).toISOString(), by: null } };
    });
  } catch (error) {
    services.log.error('Chat: the away answer could not be written:', error);
  }
}
