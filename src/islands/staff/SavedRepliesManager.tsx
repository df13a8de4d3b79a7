/**
 * The organisation's saved replies on the staff page (admins): each with how often staff used it and its languages,
 * to edit or delete; a form to add one or change it, with a text per language (the admin's page language first; any
 * other added from a list). Staff insert them in a conversation by typing "/" (chat/SavedReplyPicker.tsx).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { SavedReply } from '../../lib/api/savedReplies.ts';
import { savedReplyNameMax } from '../../lib/api/constants.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { endonyms, languages, textDirection, type Lang } from '../../lib/i18n/languages.ts';
import { nameList } from '../../lib/i18n/nameList.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';
import Field from './Field.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffPageApi;
}

const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.code : 'unknown');
const placeholders = '{{contact.name}}, {{staff.name}}, {{chatBox.link}}';
const languagesOf = (texts: SavedReply['texts']) => languages.filter((lang) => texts[lang] !== undefined);

export default function SavedRepliesManager({ lang, t, api }: Props) {
  const id = useId();
  const [replies, setReplies] = useState<SavedReply[] | undefined>(undefined);
  const [editing, setEditing] = useState<SavedReply | undefined>(undefined);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const load = () =>
    api.savedReplies().then(
      (list) => setReplies(list),
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

  return (
    <section className="saved-replies-manager" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('savedReplies.title')}</h2>
      <p className="muted">{t('savedReplies.intro', { placeholders })}</p>
      <p role="status" className="muted">
        {said}
      </p>
      {problem && (
        <p className="notice" role="alert">
          {apiErrorText(t, problem)}
        </p>
      )}
      {replies?.length === 0 && <p className="muted">{t('savedReplies.empty')}</p>}
      {!!replies?.length && (
        <ul className="tags-list">
          {replies.map((reply) => (
            <li key={reply.id} className="tags-row">
              <strong dir="auto">{reply.name}</strong>
              <span className="muted">{t('savedReplies.uses', { count: reply.uses })}</span>
              <span className="muted">
                {nameList(
                  lang,
                  languagesOf(reply.texts).map((given) => endonyms[given]),
                )}
              </span>
              <span className="tags-rename">
                <button type="button" className="button secondary" disabled={busy} onClick={() => setEditing(reply)}>
                  {t('savedReplies.edit')}
                  {/* Which reply, for a screen reader; the visible word stays the start of the name (WCAG 2.5.3). */}
                  <span className="sr-only"> {reply.name}</span>
                </button>
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy}
                  onClick={() =>
                    void run(async () => {
                      await api.deleteSavedReply(reply.id);
                      if (editing?.id === reply.id) setEditing(undefined);
                      return t('savedReplies.deleted', { name: reply.name });
                    })
                  }
                >
                  {t('tags.delete')}
                  <span className="sr-only"> {reply.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ReplyForm
        key={editing?.id ?? 'new'}
        lang={lang}
        t={t}
        reply={editing}
        busy={busy}
        onCancel={() => setEditing(undefined)}
        onSave={(body) =>
          run(async () => {
            const saved = editing ? await api.updateSavedReply({ ...body, id: editing.id }) : await api.createSavedReply(body);
            setEditing(undefined);
            return t(editing ? 'savedReplies.saved' : 'savedReplies.added', { name: saved.name });
          })
        }
      />
    </section>
  );
}

function ReplyForm({
  lang,
  t,
  reply,
  busy,
  onSave,
  onCancel,
}: {
  lang: Lang;
  t: Translate;
  reply: SavedReply | undefined;
  busy: boolean;
  onSave: (body: Pick<SavedReply, 'name' | 'texts'>) => Promise<boolean>;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(reply?.name ?? '');
  const [texts, setTexts] = useState<SavedReply['texts']>(reply?.texts ?? { [lang]: '' });
  const given = languagesOf(texts);
  const others = languages.filter((other) => texts[other] === undefined);
  const [adding, setAdding] = useState<Lang>(others[0] ?? lang);
  const [added, setAdded] = useState<Lang | undefined>(undefined);
  const nameField = useRef<HTMLInputElement>(null);
  const filled = Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim()));

  // Edit moves here, to the reply's name; a language added, to its text.
  useEffect(() => {
    if (reply) nameField.current?.focus();
  }, [reply]);
  useEffect(() => {
    if (added) document.getElementById(`${id}-${added}`)?.focus();
  }, [added]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSave({ name: name.trim(), texts: filled }).then((ok) => {
      if (ok && !reply) {
        setName('');
        setTexts({ [lang]: '' });
      }
    });
  }

  return (
    <form className="saved-reply-form" onSubmit={submit} noValidate>
      <h3>{reply ? t('savedReplies.editing', { name: reply.name }) : t('savedReplies.create')}</h3>
      <Field id={`${id}-name`} label={t('savedReplies.name')}>
        {(described) => (
          <input
            ref={nameField}
            id={`${id}-name`}
            value={name}
            maxLength={savedReplyNameMax}
            autoComplete="off"
            dir="auto"
            aria-describedby={described}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        )}
      </Field>
      {given.map((textLang) => (
        <div key={textLang} className="saved-reply-text">
          <Field id={`${id}-${textLang}`} label={t('savedReplies.textIn', { language: endonyms[textLang] })}>
            {(described) => (
              <textarea
                id={`${id}-${textLang}`}
                value={texts[textLang]}
                rows={3}
                lang={textLang}
                dir={textDirection(textLang)}
                aria-describedby={described}
                onChange={(event) => setTexts({ ...texts, [textLang]: event.currentTarget.value })}
              />
            )}
          </Field>
          {given.length > 1 && (
            <button
              type="button"
              className="button secondary"
              onClick={() => setTexts(Object.fromEntries(Object.entries(texts).filter(([other]) => other !== textLang)))}
            >
              {t('savedReplies.removeLanguage', { language: endonyms[textLang] })}
            </button>
          )}
        </div>
      ))}
      {others.length > 0 && (
        <p className="saved-reply-add-language">
          <label htmlFor={`${id}-add`}>{t('savedReplies.addLanguage')}</label>{' '}
          <select id={`${id}-add`} value={adding} onChange={(event) => setAdding(event.currentTarget.value as Lang)}>
            {others.map((other) => (
              <option key={other} value={other} lang={other}>
                {endonyms[other]}
              </option>
            ))}
          </select>{' '}
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setTexts({ ...texts, [adding]: '' });
              setAdding(others.find((other) => other !== adding) ?? lang);
              setAdded(adding);
            }}
          >
            {t('savedReplies.addLanguageButton')}
          </button>
        </p>
      )}
      <p className="saved-reply-actions">
        <button type="submit" className="button" disabled={busy || !name.trim() || Object.keys(filled).length === 0}>
          {t(reply ? 'savedReplies.save' : 'savedReplies.create')}
        </button>{' '}
        {reply && (
          <button type="button" className="button secondary" onClick={onCancel}>
            {t('savedReplies.cancel')}
          </button>
        )}
      </p>
    </form>
  );
}
