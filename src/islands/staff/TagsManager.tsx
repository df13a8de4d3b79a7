/**
 * The organisation's tags on the staff page (admins): the list with how many conversations each is on, a field to
 * add one, and per tag a rename field and a delete button (a tag deleted comes off every conversation).
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { TagsListAnswer } from '../../lib/api/tags.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';
import Field from './Field.tsx';

interface Props {
  t: Translate;
  api: StaffPageApi;
}

type Listed = TagsListAnswer['tags'][number];
const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.code : 'unknown');

export default function TagsManager({ t, api }: Props) {
  const id = useId();
  const [tags, setTags] = useState<Listed[] | undefined>(undefined);
  const [name, setName] = useState('');
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const load = () =>
    api.tags().then(
      (list) => setTags(list),
      (error: unknown) => setProblem(codeOf(error)),
    );
  useEffect(() => void load(), [api]);

  async function run(work: () => Promise<string>) {
    setBusy(true);
    setProblem(undefined);
    setSaid('');
    try {
      setSaid(await work());
      await load();
      return true;
    } catch (error) {
      setProblem(codeOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  function onAdd(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitted = name;
    // Cleared once the list is read again, unless the next name was typed meanwhile.
    void run(async () => t('tags.added', { name: (await api.createTag(submitted.trim())).name })).then(
      (ok) => ok && setName((current) => (current === submitted ? '' : current)),
    );
  }

  return (
    <section className="tags-manager" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('tags.title')}</h2>
      <p className="muted">{t('tags.intro')}</p>
      <p role="status" className="muted">
        {said}
      </p>
      {problem && (
        <p className="notice" role="alert">
          {apiErrorText(t, problem)}
        </p>
      )}
      {tags?.length === 0 && <p className="muted">{t('tags.none')}</p>}
      {!!tags?.length && (
        <ul className="tags-list">
          {tags.map((tag) => (
            <TagRow key={tag.id} t={t} tag={tag} busy={busy} run={run} api={api} />
          ))}
        </ul>
      )}
      <form className="tags-add" onSubmit={onAdd} noValidate>
        <Field id={`${id}-name`} label={t('tags.name')}>
          {(described) => (
            <input
              id={`${id}-name`}
              value={name}
              maxLength={40}
              autoComplete="off"
              dir="auto"
              aria-describedby={described}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy || !name.trim()}>
          {t('tags.add')}
        </button>
      </form>
    </section>
  );
}

function TagRow({
  t,
  tag,
  busy,
  run,
  api,
}: {
  t: Translate;
  tag: Listed;
  busy: boolean;
  run: (work: () => Promise<string>) => Promise<boolean>;
  api: StaffPageApi;
}) {
  const id = useId();
  const [name, setName] = useState(tag.name);
  return (
    <li className="tags-row">
      <span className="tag" dir="auto">
        {tag.name}
      </span>{' '}
      <span className="muted">{t('tags.uses', { count: tag.uses })}</span>
      <form
        className="tags-rename"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await api.renameTag(tag.id, name.trim());
            return '';
          });
        }}
      >
        <label htmlFor={`${id}-rename`} className="sr-only">
          {t('tags.renameLabel', { name: tag.name })}
        </label>
        <input id={`${id}-rename`} value={name} maxLength={40} dir="auto" onChange={(event) => setName(event.currentTarget.value)} />
        <button type="submit" className="button secondary" disabled={busy || !name.trim() || name.trim() === tag.name}>
          {t('tags.rename')}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await api.deleteTag(tag.id);
              return t('tags.deleted', { name: tag.name });
            })
          }
        >
          {t('tags.delete')}
        </button>
      </form>
    </li>
  );
}
