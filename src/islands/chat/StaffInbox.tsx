/**
 * The inbox on its own, where the workspace does not show (the widget's pages, for a staff member signed in on
 * this site): its store for as long as it is shown, and its unread count in the tab's title.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { createInbox } from '../../flows/staff/inbox.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { titleWithUnread } from '../../lib/inbox/title.ts';
import Inbox from './Inbox.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  getToken: TokenGetter;
  me: string;
  mailEnabled: boolean;
}

export default function StaffInbox({ lang, t, getToken, me, mailEnabled }: Props) {
  const inbox = useMemo(() => createInbox(getToken), [getToken]);
  const unread = useStore(inbox.$inbox).shown?.unread ?? 0;
  useEffect(() => {
    document.title = titleWithUnread(document.title, unread);
  }, [unread]);
  return <Inbox lang={lang} t={t} inbox={inbox} me={me} mailEnabled={mailEnabled} />;
}
