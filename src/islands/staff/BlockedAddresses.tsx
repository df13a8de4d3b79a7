/**
 * The addresses and domains from which nobody can start a conversation (admins, on the staff page): the list, each
 * with its Unblock button, and a field to add one. Blocked people are not told; invitations still reach them.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { BlockedAddress } from '../../lib/api/blockedAddresses.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';
import Field from './Field.tsx';

interface Props {
  t: Translate;
  api: StaffPageApi;
}

export default function BlockedAddresses({ t, api }: Props) {
  const id = useId();
  const [blocked, setBlocked] = useState<BlockedAddress[] | undefined>(undefined);
  const [entry, setEntry] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // Where focus goes after Block or Unblock: the button pressed is gone or disabled by then.
  const field = useRef<HTMLInputElement>(null);

  const load = () => api.blockedAddresses().then(setBlocked, fail);
  useEffect(() => void load(), [api]);

  function fail(error: unknown) {
    const code = error instanceof ApiRequestError ? error.code : 'unknown';
    setProblem(code === 'invalid_body' ? t('staffAdmin.blocked.error') : apiErrorText(t, code));
  }

  function run(work: Promise<unknown>, then?: () => void) {
    setBusy(true);
    setProblem(undefined);
    work
      .then(() => {
        then?.();
        return load();
      }, fail)
      .finally(() => {
        setBusy(false);
        field.current?.focus();
      });
  }

  function onAdd(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    run(api.block(entry.trim()), () => setEntry(''));
  }

  return (
    <section className="blocked-addresses" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staffAdmin.blocked.title')}</h2>
      <p className="muted">{t('staffAdmin.blocked.intro')}</p>
      {problem && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
      {blocked?.length === 0 && <p className="muted">{t('staffAdmin.blocked.none')}</p>}
      {!!blocked?.length && (
        <ul className="tags-list">
          {blocked.map(({ entry: listed }) => (
            <li key={listed} className="tags-row">
              <bdi dir="ltr">{listed}</bdi>{' '}
              <button type="button" className="button secondary" disabled={busy} onClick={() => run(api.unblock(listed))}>
                {t('staffAdmin.blocked.remove', { entry: listed })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="tags-add" onSubmit={onAdd} noValidate>
        <Field id={`${id}-entry`} label={t('staffAdmin.blocked.entry')} hint={t('staffAdmin.blocked.entryHint')}>
          {(described) => (
            <input
              ref={field}
              id={`${id}-entry`}
              value={entry}
              maxLength={320}
              autoComplete="off"
              dir="ltr"
              aria-describedby={described}
              onChange={(event) => setEntry(event.currentTarget.value)}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy || !entry.trim()}>
          {t('staffAdmin.blocked.add')}
        </button>
      </form>
    </section>
  );
}
