/**
 * A staff member's alerts for new messages on the staff page: whether a sound plays (kept on the server, so each of
 * their browsers agrees), with what the alerts are for and where desktop notifications are turned on (the staff
 * menu in the inbox: the browser asks only then).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';
import { offerNotifications } from '../../flows/staff/notificationPermission.ts';
import { $alertSettings, loadAlertSettings, setAlertSettings } from '../../stores/staffAlerts.ts';
import SaveOutcome from './SaveOutcome.tsx';

interface Props {
  t: Translate;
  api: StaffPageApi;
}

export default function AlertSettings({ t, api }: Props) {
  const id = useId();
  const settings = useStore($alertSettings);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState('');
  const fail = (error: unknown) => setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown'));

  useEffect(() => void loadAlertSettings(() => api.alerts()).catch(fail), [api]);
  // The staff menu's button to turn on desktop notifications works on this page too.
  useEffect(offerNotifications, []);

  function change(sound: boolean) {
    setStatus('');
    setFailed('');
    api.alerts(sound).then((saved) => {
      setAlertSettings(saved);
      setStatus(t('staffAdmin.mail.saved'));
    }, fail);
  }

  return (
    <section className="mail-notifications" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('alerts.settingsTitle')}</h2>
      <p className="check">
        <input
          type="checkbox"
          id={`${id}-sound`}
          checked={settings?.sound ?? false}
          disabled={!settings}
          aria-describedby={`${id}-hint`}
          onChange={(event) => change(event.currentTarget.checked)}
        />{' '}
        <label htmlFor={`${id}-sound`}>{t('alerts.sound')}</label>
      </p>
      <p className="muted" id={`${id}-hint`}>
        {t('alerts.hint')}
      </p>
      <SaveOutcome status={status} failed={failed} />
    </section>
  );
}
