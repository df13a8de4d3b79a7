/**
 * A staff member's own e-mail notifications: whether a contact's message left unread (mail/missedMessages.ts on the
 * server) is e-mailed to them. Opening the page records its language as the e-mails' language.
 */
import { useEffect, useId, useState } from 'react';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';
import SaveOutcome from './SaveOutcome.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffPageApi;
}

export default function MailNotifications({ lang, t, api }: Props) {
  const id = useId();
  const [missed, setMissed] = useState<boolean | undefined>(undefined);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState('');
  const fail = (error: unknown) => setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown'));

  useEffect(() => {
    api
      .notifications(lang)
      .then(setMissed, (error: unknown) => setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown')));
  }, [api, lang, t]);

  function change(wanted: boolean) {
    setMissed(wanted);
    setStatus('');
    setFailed('');
    api.notifications(lang, wanted).then(
      (saved) => {
        setMissed(saved);
        setStatus(t('staffAdmin.mail.saved'));
      },
      (error: unknown) => {
        setMissed(!wanted);
        fail(error);
      },
    );
  }

  return (
    <section className="mail-notifications" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staffAdmin.mail.title')}</h2>
      <p className="check">
        <input
          type="checkbox"
          id={`${id}-missed`}
          checked={missed ?? false}
          disabled={missed === undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => change(event.currentTarget.checked)}
        />{' '}
        <label htmlFor={`${id}-missed`}>{t('staffAdmin.mail.missed')}</label>
      </p>
      <p className="muted" id={`${id}-hint`}>
        {t('staffAdmin.mail.missedHint')}
      </p>
      <SaveOutcome status={status} failed={failed} />
    </section>
  );
}
