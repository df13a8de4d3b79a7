/**
 * The organisation's conversation settings on the staff page (admins): whether resolving a conversation asks the
 * contact how it was (chat/ratings.ts on the server) and e-mails them a copy (chat/transcript.ts), and whether visitors
 * can start a conversation from the chat widget (contacts/chatStarts.ts). Each change is saved at once and said so.
 */
import { useEffect, useId, useState } from 'react';
import type { OrganizationSettings } from '../../lib/api/settings.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { MessageKey } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';
import SaveOutcome from './SaveOutcome.tsx';

/** A setting shown as a checkbox: whether it is on, and the change that turns it on or off. */
interface Switch {
  setting: keyof OrganizationSettings;
  label: MessageKey;
  hint?: MessageKey;
  on: (settings: OrganizationSettings) => boolean;
  change: (checked: boolean) => Partial<OrganizationSettings>;
}
const switches: Switch[] = [
  {
    setting: 'askForRating',
    label: 'staffAdmin.settings.askForRating',
    on: (settings) => settings.askForRating,
    change: (checked) => ({ askForRating: checked }),
  },
  {
    setting: 'transcriptOnResolve',
    label: 'staffAdmin.settings.transcriptOnResolve',
    hint: 'staffAdmin.settings.transcriptHint',
    on: (settings) => settings.transcriptOnResolve,
    change: (checked) => ({ transcriptOnResolve: checked }),
  },
  // Answered as it applies (the server's PUBLIC_CHAT unless an admin chose): a change is always the admins' own.
  {
    setting: 'publicChat',
    label: 'staffAdmin.settings.publicChat',
    hint: 'staffAdmin.settings.publicChatHint',
    on: (settings) => settings.publicChat === 'email',
    change: (checked) => ({ publicChat: checked ? 'email' : 'off' }),
  },
];

interface Props {
  t: Translate;
  api: StaffPageApi;
}

export default function ConversationSettings({ t, api }: Props) {
  const id = useId();
  const [settings, setSettings] = useState<OrganizationSettings | undefined>(undefined);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState('');
  const fail = (error: unknown) => setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown'));

  useEffect(() => void api.settings().then(setSettings, fail), [api]);

  function change(wanted: Partial<OrganizationSettings>) {
    const before = settings;
    if (before) setSettings({ ...before, ...wanted });
    setStatus('');
    setFailed('');
    api.updateSettings(wanted).then(
      (saved) => {
        setSettings(saved);
        setStatus(t('staffAdmin.mail.saved'));
      },
      (error: unknown) => {
        setSettings(before);
        fail(error);
      },
    );
  }

  return (
    <section className="conversation-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staffAdmin.settings.title')}</h2>
      {switches.map(({ setting, label, hint, on, change: changeOf }) => (
        <div key={setting}>
          <p className="check">
            <input
              type="checkbox"
              id={`${id}-${setting}`}
              checked={settings ? on(settings) : false}
              disabled={!settings}
              aria-describedby={hint && `${id}-${setting}-hint`}
              onChange={(event) => change(changeOf(event.currentTarget.checked))}
            />{' '}
            <label htmlFor={`${id}-${setting}`}>{t(label)}</label>
          </p>
          {hint && (
            <p className="muted" id={`${id}-${setting}-hint`}>
              {t(hint)}
            </p>
          )}
        </div>
      ))}
      <SaveOutcome status={status} failed={failed} />
    </section>
  );
}
