/**
 * Who invited whom, for admins on the staff page: the newest invitations (POST /api/invitations/recent) with the
 * staff member who sent each, the contact, and whether it went by e-mail, under the limits on invitation e-mails.
 */
import { useEffect, useId, useState } from 'react';
import type { RecentInvitationsAnswer } from '../../lib/api/invitations.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffPageApi;
}

export default function InvitationLog({ lang, t, api }: Props) {
  const id = useId();
  const [log, setLog] = useState<RecentInvitationsAnswer | undefined>(undefined);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    api
      .recentInvitations()
      .then(setLog, (error: unknown) => setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown')));
  }, [api, t]);

  const when = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="invitation-log" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staffAdmin.invitations.title')}</h2>
      {failed && (
        <p className="notice" role="alert">
          {failed}
        </p>
      )}
      {!log && !failed && (
        <p className="muted" role="status">
          {t('staffAdmin.loading')}
        </p>
      )}
      {log && (
        <>
          <p className="muted">
            {t('staffAdmin.invitations.intro', { perHour: log.limits.perStaffHour, perDay: log.limits.perAddressDay })}
          </p>
          {log.invitations.length === 0 ? (
            <p>{t('staffAdmin.invitations.none')}</p>
          ) : (
            <table className="staff-table">
              <caption className="sr-only">{t('staffAdmin.invitations.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('staffAdmin.invitations.when')}</th>
                  <th scope="col">{t('staffAdmin.invitations.by')}</th>
                  <th scope="col">{t('staffAdmin.invitations.contact')}</th>
                  <th scope="col">{t('staffAdmin.invitations.how')}</th>
                </tr>
              </thead>
              <tbody>
                {log.invitations.map((entry, index) => (
                  <tr key={`${entry.createdAt}-${index}`}>
                    <td>
                      <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
                    </td>
                    <td>
                      {entry.invitedBy ? (
                        <bdi title={entry.invitedBy.email}>{entry.invitedBy.name || entry.invitedBy.email}</bdi>
                      ) : (
                        t('staffAdmin.invitations.commandLine')
                      )}
                    </td>
                    <td>
                      {entry.contact.name && (
                        <>
                          <bdi>{entry.contact.name}</bdi>{' '}
                        </>
                      )}
                      <span dir="ltr" className="muted">
                        {entry.contact.email}
                      </span>
                    </td>
                    <td>{t(entry.emailed ? 'staffAdmin.invitations.byEmail' : 'staffAdmin.invitations.linkOnly')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
