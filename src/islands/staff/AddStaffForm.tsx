/**
 * Admins add a staff member by e-mail with a role, the language their welcome e-mail and notifications come in (the
 * admin's page language unless chosen), and if they like a name; refused fields are said next to them.
 */
import { useId, useState, type SubmitEvent } from 'react';
import type { StaffRole } from '../../lib/api/staff.ts';
import { endonyms, languages, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText, formProblems, type FormProblems } from '../../lib/staff/fieldIssues.ts';
import type { StaffApi } from '../../lib/staff/staffApi.ts';
import Field from './Field.tsx';

const fields = ['email', 'name', 'role'] as const;
type AddField = (typeof fields)[number];
const noProblems: FormProblems<AddField> = { fields: {}, code: undefined };

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffApi;
  onAdded: () => void;
}

export default function AddStaffForm({ lang, t, api, onAdded }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('agent');
  const [theirLang, setTheirLang] = useState<Lang>(lang);
  const [problems, setProblems] = useState(noProblems);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setDone('');
    try {
      const member = await api.addStaff({ email: email.trim(), role, lang: theirLang, ...(name.trim() && { name: name.trim() }) });
      setProblems(noProblems);
      setDone(t('staffAdmin.added', { name: member.name || member.email }));
      setEmail('');
      setName('');
      onAdded();
    } catch (error) {
      setProblems(formProblems(error, fields));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="staff-add" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staffAdmin.add')}</h2>
      {problems.code && (
        <p className="notice" role="alert">
          {apiErrorText(t, problems.code)}
        </p>
      )}
      <Field id={`${id}-email`} label={t('staffAdmin.email')} error={problems.fields.email ? t('staffAdmin.error.email') : undefined}>
        {(described) => (
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            aria-invalid={!!problems.fields.email}
            aria-describedby={described}
            required
          />
        )}
      </Field>
      <Field id={`${id}-name`} label={t('staffAdmin.nameOptional')} error={problems.fields.name ? t('staffAdmin.error.name') : undefined}>
        {(described) => (
          <input
            id={`${id}-name`}
            autoComplete="off"
            dir="auto"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            aria-invalid={!!problems.fields.name}
            aria-describedby={described}
          />
        )}
      </Field>
      <Field id={`${id}-role`} label={t('staffAdmin.role')}>
        {(described) => (
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as StaffRole)}
            aria-describedby={described}
          >
            <option value="agent">{t('staffAdmin.role.agent')}</option>
            <option value="admin">{t('staffAdmin.role.admin')}</option>
          </select>
        )}
      </Field>
      <Field id={`${id}-lang`} label={t('staffAdmin.language')}>
        {(described) => (
          <select
            id={`${id}-lang`}
            value={theirLang}
            onChange={(event) => setTheirLang(event.currentTarget.value as Lang)}
            aria-describedby={described}
          >
            {languages.map((option) => (
              <option key={option} value={option} lang={option}>
                {endonyms[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {t('staffAdmin.addButton')}
      </button>
      <p role="status">{done}</p>
    </form>
  );
}
