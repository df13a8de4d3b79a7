/**
 * The organisation's staff as a table. Admins also get, per row, a role picker and "Remove" with a confirm step;
 * agents see the list only. Refusals (not_admin, last_admin) are said in the page's words.
 */
import { useState } from 'react';
import type { StaffRecord, StaffRole } from '../../lib/api/staff.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffApi } from '../../lib/staff/staffApi.ts';

// The contract's staffRoles, without loading its schemas.
const staffRoles: StaffRole[] = ['admin', 'agent'];

interface Props {
  t: Translate;
  api: StaffApi;
  staff: StaffRecord[];
  /** The signed-in member's e-mail. */
  me: string;
  isAdmin: boolean;
  /** After a change: read the list again. */
  onChanged: () => void;
}

export default function StaffList({ t, api, staff, me, isAdmin, onChanged }: Props) {
  const [confirming, setConfirming] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<{ text: string; alert: boolean }>({ text: '', alert: false });

  async function attempt(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      setMessage({ text: done, alert: false });
    } catch (error) {
      setMessage({ text: apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown'), alert: true });
    }
    setConfirming(undefined);
    onChanged();
  }

  const nameOf = (member: StaffRecord) => member.name || member.email;
  return (
    <>
      <p role="status" className="staff-admin-status">
        {!message.alert && message.text}
      </p>
      <p role="alert" className={message.alert ? 'notice' : undefined}>
        {message.alert && message.text}
      </p>
      <table className="staff-table">
        <caption className="sr-only">{t('staffAdmin.list')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('staffAdmin.name')}</th>
            <th scope="col">{t('staffAdmin.email')}</th>
            <th scope="col">{t('staffAdmin.role')}</th>
            {isAdmin && <th scope="col">{t('staffAdmin.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {staff.map((member) => (
            <tr key={member.email}>
              <th scope="row" dir="auto">
                <bdi>{nameOf(member)}</bdi>
                {member.email.toLowerCase() === me.toLowerCase() && <span className="muted"> {t('staffAdmin.you')}</span>}
                {!member.uid && <small className="muted staff-pending">{t('staffAdmin.notSignedInYet')}</small>}
              </th>
              <td dir="ltr">{member.email}</td>
              <td>
                {isAdmin ? (
                  <select
                    aria-label={t('staffAdmin.roleFor', { name: nameOf(member) })}
                    value={member.role}
                    onChange={(event) => {
                      const role = event.currentTarget.value as StaffRole;
                      void attempt(() => api.setRole(member.email, role), t('staffAdmin.roleChanged', { name: nameOf(member) }));
                    }}
                  >
                    {staffRoles.map((role) => (
                      <option key={role} value={role}>
                        {t(`staffAdmin.role.${role}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  t(`staffAdmin.role.${member.role}`)
                )}
              </td>
              {isAdmin && (
                <td>
                  {confirming === member.email ? (
                    <span className="staff-confirm" role="group" aria-label={t('staffAdmin.confirmRemove', { name: nameOf(member) })}>
                      <span>{t('staffAdmin.confirmRemove', { name: nameOf(member) })}</span>{' '}
                      <button
                        type="button"
                        className="button danger"
                        onClick={() => void attempt(() => api.removeStaff(member.email), t('staffAdmin.removed', { name: nameOf(member) }))}
                      >
                        {t('staffAdmin.confirm')}
                      </button>{' '}
                      <button type="button" className="button secondary" autoFocus onClick={() => setConfirming(undefined)}>
                        {t('staffAdmin.cancel')}
                      </button>
                    </span>
                  ) : (
                    <button type="button" className="button secondary" onClick={() => setConfirming(member.email)}>
                      {t('staffAdmin.remove')}
                      {/* Which row, for a screen reader; the visible word stays the start of the name (WCAG 2.5.3). */}
                      <span className="sr-only"> {nameOf(member)}</span>
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
