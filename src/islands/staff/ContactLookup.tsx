/**
 * The staff page's "Contact data" section (admins): find a contact by id, see who it is, then export or erase
 * their data with ContactDataRights.
 */
import { useId, useState, type SubmitEvent } from 'react';
import type { ContactDetailsAnswer } from '../../lib/api/contacts.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText, formProblems } from '../../lib/staff/fieldIssues.ts';
import type { StaffApi } from '../../lib/staff/staffApi.ts';
import ContactDataRights from './ContactDataRights.tsx';
import Field from './Field.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffApi;
  getToken: TokenGetter;
}

export default function ContactLookup({ lang, t, api, getToken }: Props) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<ContactDetailsAnswer['contact'] | undefined>(undefined);
  const [problem, setProblem] = useState<{ field: boolean; code: string | undefined }>({ field: false, code: undefined });

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFound(undefined);
    try {
      setFound((await api.contact(typed.trim())).contact);
      setProblem({ field: false, code: undefined });
    } catch (error) {
      const { fields, code } = formProblems(error, ['contactId'] as const);
      setProblem(code === 'not_found' ? { field: false, code: 'notFound' } : { field: !!fields.contactId, code });
    }
  }

  return (
    <section className="contact-lookup" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('dataRights.title')}</h2>
      <p className="muted">{t('dataRights.intro')}</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field id={`${id}-contact`} label={t('dataRights.contactId')} error={problem.field ? t('dataRights.error.contactId') : undefined}>
          {(described) => (
            <input
              id={`${id}-contact`}
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              aria-invalid={problem.field}
              aria-describedby={described}
              required
            />
          )}
        </Field>
        <button type="submit" className="button secondary">
          {t('dataRights.lookUp')}
        </button>
      </form>
      {problem.code && (
        <p className="notice" role="alert">
          {problem.code === 'notFound' ? t('dataRights.notFound') : apiErrorText(t, problem.code)}
        </p>
      )}
      {found && (
        <div className="contact-found">
          <p>
            <strong dir="auto">{found.name || found.email}</strong> <span dir="ltr">{found.email}</span>
          </p>
          <ContactDataRights key={found.id} contactId={found.id} email={found.email} lang={lang} t={t} getToken={getToken} />
        </div>
      )}
    </section>
  );
}
