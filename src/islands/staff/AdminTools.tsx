/**
 * What only admins see on the staff page, loaded apart from the page's island (only admins download it): adding a
 * staff member, the conversation settings, the blocked addresses, the office hours, the tags, the saved replies and the invitation log.
 */
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';
import AddStaffForm from './AddStaffForm.tsx';
import BlockedAddresses from './BlockedAddresses.tsx';
import ConversationSettings from './ConversationSettings.tsx';
import InvitationLog from './InvitationLog.tsx';
import OfficeHoursSettings from './OfficeHoursSettings.tsx';
import SavedRepliesManager from './SavedRepliesManager.tsx';
import TagsManager from './TagsManager.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffPageApi;
  /** A staff member was added: the page reads its list again. */
  onAdded: () => void;
}

export default function AdminTools({ lang, t, api, onAdded }: Props) {
  return (
    <>
      <AddStaffForm lang={lang} t={t} api={api} onAdded={onAdded} />
      <ConversationSettings t={t} api={api} />
      <BlockedAddresses t={t} api={api} />
      <OfficeHoursSettings lang={lang} t={t} api={api} />
      <TagsManager t={t} api={api} />
      <SavedRepliesManager lang={lang} t={t} api={api} />
      <InvitationLog lang={lang} t={t} api={api} />
    </>
  );
}
