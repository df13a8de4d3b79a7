/**
 * The staff workspace's island, /{lang}/chat… for a staff member signed in on this browser (WorkspacePage.astro):
 * asks Firebase who is signed in (loaded here, never for contacts), sends anyone signed out to the sign-in page
 * with this address to come back to, and shows the workspace (workspace/WorkspaceScreen.tsx) to staff.
 */
import { useEffect, useState } from 'react';
import type { ClientSettings } from '../lib/clientSettings.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import type { Messages } from '../lib/i18n/schema.ts';
import { paths } from '../lib/paths.ts';
import { setWorkspaceCookie } from '../lib/staff/workspaceCookie.ts';
import type { StaffChatIdentity } from '../flows/staff/staffChat.ts';
import AppErrorGate from './AppErrorGate.tsx';
import { useLazyModule } from './useLazyModule.ts';
import { useTranslator } from './useTranslator.ts';
import { $attachmentMaxBytes } from '../stores/attachmentLimit.ts';

interface Props {
  lang: Lang;
  messages: Messages;
  settings: ClientSettings;
}

function Access({ lang, messages, settings }: Props) {
  const t = useTranslator(lang, messages);
  const [access, setAccess] = useState<StaffChatIdentity | 'checking' | 'notStaff'>('checking');
  const Screen = useLazyModule(typeof access === 'object', () => import('./workspace/WorkspaceScreen.tsx'))?.default;

  useEffect(() => {
    $attachmentMaxBytes.set(settings.attachmentMaxBytes);
    void import('../flows/staff/staffChat.ts')
      .then(({ staffAccess }) => staffAccess(settings.firebase))
      .then((found) => {
        if (found === 'notStaff' && !new URLSearchParams(location.search).has('staff')) {
          // Signed in, but not on the staff (any more): this browser's chat pages are a contact's again.
          setWorkspaceCookie(false);
          return location.reload();
        }
        if (found !== 'signedOut') return setAccess(found);
        const next = location.pathname + location.search;
        location.replace(`${paths.login(lang)}?next=${encodeURIComponent(next)}`);
      });
  }, [lang, settings]);

  if (access === 'notStaff') return <p className="notice workspace-notice">{t('staffAdmin.notStaff')}</p>;
  if (access === 'checking' || !Screen)
    return (
      <p className="muted workspace-notice" role="status">
        {t('inbox.loading')}
      </p>
    );
  return <Screen lang={lang} t={t} messages={messages} staff={access} mailEnabled={settings.mailEnabled} />;
}

export default function Workspace(props: Props) {
  return (
    <AppErrorGate t={useTranslator(props.lang, props.messages)}>
      <Access {...props} />
    </AppErrorGate>
  );
}
