/**
 * The staff page, /{lang}/staff: everyone on the staff sees their colleagues and roles; admins add, change and
 * remove them (never the last admin), and keep the organisation's settings, tags and saved replies and see who
 * invited whom (staff/AdminTools.tsx, loaded for admins only). Its other views: the contacts directory and the
 * help-centre report. Firebase loads only where staff signed in on this browser; anyone else is pointed to the
 * sign-in page, which brings them back here.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StaffRecord } from '../lib/api/staff.ts';
import type { ClientSettings } from '../lib/clientSettings.ts';
import { ApiRequestError } from '../lib/http/client.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import type { Messages } from '../lib/i18n/schema.ts';
import { useLazyModule } from './useLazyModule.ts';
import { useTranslator } from './useTranslator.ts';
import { hasStaffHint } from '../lib/staff/signedInHint.ts';
import { createStaffPageApi } from '../lib/staff/staffPageApi.ts';
import type { StaffChatIdentity } from '../flows/staff/staffChat.ts';
import { $organizationUser, $staffAuth } from '../stores/staffAuth.ts';
import AppErrorGate from './AppErrorGate.tsx';
import ContactDirectory from './staff/ContactDirectory.tsx';
import { paths } from '../lib/paths.ts';
import StaffList from './staff/StaffList.tsx';
import MailNotifications from './staff/MailNotifications.tsx';
import HelpCentreReport from './staff/HelpCentreReport.tsx';
import { apiErrorText } from '../lib/staff/fieldIssues.ts';

interface Props {
  lang: Lang;
  messages: Messages;
  settings: ClientSettings;
  /**
   * The staff page, its "Help centre" view (/{lang}/staff/help-centre: readers' feedback and searches), or the
   * contacts directory (/{lang}/staff/contacts).
   */
  view?: StaffView;
}

export type StaffView = 'staff' | 'helpCentre' | 'contacts' | 'ratings';

const viewPaths = { staff: paths.staff, helpCentre: paths.helpCentreReport, contacts: paths.contacts, ratings: paths.ratingsReport };
const viewPath = (lang: Lang, view: StaffView) => viewPaths[view](lang);
export const viewTitle = {
  staff: 'staffAdmin.title',
  helpCentre: 'helpCentre.title',
  contacts: 'contacts.title',
  ratings: 'ratings.title',
} as const;

type Access = { kind: 'checking' } | { kind: 'signedOut' } | { kind: 'notStaff' } | { kind: 'staff'; identity: StaffChatIdentity };

function StaffAdminView({ lang, messages, settings, view = 'staff' }: Props) {
  const t = useTranslator(lang, messages);
  const member = useStore($organizationUser);
  const [access, setAccess] = useState<Access>({ kind: 'checking' });
  const [staff, setStaff] = useState<StaffRecord[] | undefined>(undefined);
  const [failed, setFailed] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!hasStaffHint()) return setAccess({ kind: 'signedOut' });
    import('../flows/staff/staffChat.ts')
      .then(({ staffChatIdentity }) => staffChatIdentity(settings.firebase))
      .then(
        (identity) => setAccess(identity ? { kind: 'staff', identity } : { kind: $staffAuth.get().user ? 'notStaff' : 'signedOut' }),
        () => setAccess({ kind: 'signedOut' }),
      );
  }, [settings]);

  const getToken = access.kind === 'staff' ? access.identity.getToken : undefined;
  const isAdmin = member?.role === 'admin';
  // Admins only, and loaded apart: the page's own budget stays for what everyone sees.
  const AdminTools = useLazyModule(isAdmin && view === 'staff', () => import('./staff/AdminTools.tsx'))?.default;
  // Everyone's own alert settings, loaded apart as the admins' tools are (the page's budget).
  const AlertSettings = useLazyModule(view === 'staff' && !!getToken, () => import('./staff/AlertSettings.tsx'))?.default;
  const RatingsReport = useLazyModule(isAdmin && view === 'ratings', () => import('./staff/RatingsReport.tsx'))?.default;
  const api = useMemo(() => getToken && createStaffPageApi(getToken), [getToken]);
  const load = useCallback(() => {
    if (!api || view !== 'staff') return;
    api.staff().then(
      (list) => {
        setStaff(list);
        setFailed(undefined);
      },
      (error: unknown) => setFailed(error instanceof ApiRequestError ? error.code : 'unknown'),
    );
  }, [api, view]);
  useEffect(load, [load]);

  if (access.kind === 'checking')
    return (
      <p className="muted" role="status">
        {t('staffAdmin.loading')}
      </p>
    );
  if (access.kind === 'signedOut') {
    return (
      <p className="notice">
        {t('staffAdmin.signIn')}{' '}
        <a href={`/${lang}/login?next=${encodeURIComponent(location.pathname + location.search || viewPath(lang, view))}`}>
          {t('staffAdmin.signInLink')}
        </a>
      </p>
    );
  }
  if (access.kind === 'notStaff') return <p className="notice">{t('staffAdmin.notStaff')}</p>;
  if (view === 'contacts') {
    return (
      <>
        <p className="muted">{t('contacts.intro')}</p>
        {api && getToken && <ContactDirectory lang={lang} t={t} api={api} getToken={getToken} />}
      </>
    );
  }
  if (view === 'ratings') {
    if (!member)
      return (
        <p className="muted" role="status">
          {t('staffAdmin.loading')}
        </p>
      );
    return isAdmin ? (
      api && RatingsReport && <RatingsReport lang={lang} t={t} api={api} />
    ) : (
      <p className="muted">{t('ratings.adminsOnly')}</p>
    );
  }
  if (view === 'helpCentre') {
    return (
      <>
        <p>
          <a href={`/${lang}/staff`}>{t('helpCentre.backToStaff')}</a>
        </p>
        {api && <HelpCentreReport lang={lang} t={t} api={api} isAdmin={isAdmin} />}
      </>
    );
  }
  return (
    <>
      <p>
        <a href={paths.chat(lang)}>{t('staffAdmin.backToInbox')}</a> · <a href={paths.contacts(lang)}>{t('contacts.title')}</a> ·{' '}
        <a href={paths.helpCentreReport(lang)}>{t('staffAdmin.helpCentreLink')}</a>
      </p>
      {!isAdmin && <p className="muted">{t('staffAdmin.agentNote')}</p>}
      {failed && !staff && (
        <p className="notice" role="alert">
          {apiErrorText(t, failed)}
        </p>
      )}
      {!failed && !staff && (
        <p className="muted" role="status">
          {t('staffAdmin.loading')}
        </p>
      )}
      {staff && api && <StaffList t={t} api={api} staff={staff} me={member?.email ?? ''} isAdmin={isAdmin} onChanged={load} />}
      {settings.mailEnabled && api && <MailNotifications lang={lang} t={t} api={api} />}
      {AlertSettings && api && <AlertSettings t={t} api={api} />}
      {AdminTools && api && <AdminTools lang={lang} t={t} api={api} onAdded={load} />}
    </>
  );
}

/** The island: the staff page, or the seed's error screen when an app error is set. */
export default function StaffAdmin(props: Props) {
  const t = useTranslator(props.lang, props.messages);
  return (
    <AppErrorGate t={t}>
      <section className="staff-admin" aria-labelledby="staff-admin-title">
        <h1 id="staff-admin-title">{t(viewTitle[props.view ?? 'staff'])}</h1>
        <StaffAdminView {...props} />
      </section>
    </AppErrorGate>
  );
}
