/**
 * The chat pages for a staff member signed in on this browser: the inbox on /{lang}/chat, a conversation as staff on
 * /{lang}/chat/{chatBoxId}. The inbox loads only here: contacts never download it.
 */
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Messages } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { isolate } from '../../lib/format.ts';
import type { StaffChatIdentity } from '../../flows/staff/staffChat.ts';
import Conversation from '../Conversation.tsx';
import { useLazyModule } from '../useLazyModule.ts';

interface Props {
  lang: Lang;
  t: Translate;
  messages: Messages;
  staff: StaffChatIdentity;
  chatBoxId: string | undefined;
  mailEnabled: boolean;
}

export default function StaffScreen({ lang, t, messages, staff, chatBoxId, mailEnabled }: Props) {
  const StaffInbox = useLazyModule(!chatBoxId, () => import('./StaffInbox.tsx'))?.default;
  if (!chatBoxId)
    return StaffInbox ? (
      <StaffInbox lang={lang} t={t} getToken={staff.getToken} me={staff.participant.id} mailEnabled={mailEnabled} />
    ) : null;
  return (
    <>
      <p className="session-header muted">{t('chat.answeringAs', { name: isolate(staff.name) })}</p>
      <Conversation lang={lang} t={t} messages={messages} chatBoxId={chatBoxId} me={staff.participant} getToken={staff.getToken} />
    </>
  );
}
