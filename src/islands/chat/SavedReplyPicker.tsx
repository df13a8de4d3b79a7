/**
 * The saved replies a "/" at the start of the composer opens (staff only, loaded with the staff tools): the
 * organisation's list, narrowed by what follows the "/", each in the contact's language when it has it, with the
 * placeholders filled. The text keeps focus (its aria-controls and aria-activedescendant point here while open):
 * arrows move the active option, Enter or a click takes it into the text (still editable before sending), Escape
 * shuts the list until the text changes. Read once a page (stores/staffLists.ts); each use counted.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { SavedReply } from '../../lib/api/savedReplies.ts';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import { fillReply, matchReplies, pickerQuery, replyLanguage, type ReplyValues } from '../../lib/chat/savedReplies.ts';
import { intlLocale, isLang, textDirection, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { paths } from '../../lib/paths.ts';
import { createStaffApi } from '../../lib/staff/staffApi.ts';
import { $organizationUser } from '../../stores/staffAuth.ts';
import { savedReplyList } from '../../stores/staffLists.ts';
import type { ComposerToolProps } from './Composer.tsx';

interface Props extends ComposerToolProps {
  lang: Lang;
  t: Translate;
  getToken: TokenGetter;
  chatBoxId: string;
  contact: { name: string; lang?: string | undefined } | undefined;
}

/** Shown at most; narrowing finds the rest. */
const shownMax = 8;

export default function SavedReplyPicker(props: Props) {
  const { text, keys } = props;
  // The text Escape shut the list on: it stays shut until the text changes.
  const [shutOn, setShutOn] = useState<string | undefined>(undefined);
  const query = shutOn === text ? undefined : pickerQuery(text);
  if (query === undefined) keys.current = undefined;
  return query === undefined ? null : <OpenList {...props} query={query} shut={() => setShutOn(text)} />;
}

function OpenList({
  lang,
  t,
  getToken,
  chatBoxId,
  contact,
  setText,
  field,
  keys,
  query,
  shut,
}: Props & { query: string; shut: () => void }) {
  const listId = useId();
  const api = useMemo(() => createStaffApi(getToken), [getToken]);
  const list = useStore(savedReplyList.$list);
  const staffName = useStore($organizationUser)?.name ?? '';
  const [failed, setFailed] = useState(false);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    savedReplyList.load(api.savedReplies).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [api]);

  const contactLang = isLang(contact?.lang) ? contact.lang : undefined;
  const values: ReplyValues = {
    contactName: contact?.name ?? '',
    staffName,
    chatBoxLink: new URL(paths.chatBox(contactLang ?? lang, chatBoxId), location.origin).href,
  };
  const found = useMemo(() => matchReplies(list ?? [], query, intlLocale(lang)).slice(0, shownMax), [list, query, lang]);
  const current = Math.min(index, found.length - 1);
  const optionId = (reply: SavedReply) => `${listId}-${reply.id}`;
  const chosen = found[current];

  useEffect(() => setIndex(0), [query]);
  // The text names the list and its active option while the list is open.
  useEffect(() => {
    const text = field.current;
    if (chosen) {
      text?.setAttribute('aria-controls', listId);
      text?.setAttribute('aria-activedescendant', optionId(chosen));
    } else {
      text?.removeAttribute('aria-controls');
      text?.removeAttribute('aria-activedescendant');
    }
  }, [chosen?.id]);
  useEffect(
    () => () => {
      field.current?.removeAttribute('aria-controls');
      field.current?.removeAttribute('aria-activedescendant');
    },
    [],
  );

  function take(reply: SavedReply) {
    // Counted as used once in the text; a failed count never stands in the way of the answer.
    api.savedReplyUsed(reply.id).catch(() => undefined);
    setText(fillReply(reply.texts[replyLanguage(reply, contactLang, lang)]!, values));
  }

  keys.current = (key) => {
    if (key === 'Escape') return (shut(), true);
    // Open, Enter never sends "/…" to the contact: it takes a reply, or does nothing.
    if (!found.length) return key === 'Enter';
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      setIndex((current + (key === 'ArrowDown' ? 1 : -1) + found.length) % found.length);
      return true;
    }
    if (key === 'Enter' && chosen) return (take(chosen), true);
    return false;
  };

  const state = failed
    ? t('savedReplies.failed')
    : !list
      ? t('savedReplies.loading')
      : !list.length
        ? t('savedReplies.none')
        : t('savedReplies.found', { count: found.length });
  return (
    <div className="saved-replies">
      <p className="saved-replies-state muted" role="status">
        {state} {!!found.length && <span className="sr-only">{t('savedReplies.keys')}</span>}
      </p>
      {!!found.length && (
        <ul id={listId} role="listbox" aria-label={t('savedReplies.title')}>
          {found.map((reply) => {
            const replyLang = replyLanguage(reply, contactLang, lang);
            return (
              <li
                key={reply.id}
                id={optionId(reply)}
                role="option"
                aria-selected={reply === chosen}
                // The text keeps focus (and the caret) while an option is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => take(reply)}
              >
                <strong dir="auto">{reply.name}</strong>{' '}
                <span className="saved-replies-text" lang={replyLang} dir={textDirection(replyLang)}>
                  {fillReply(reply.texts[replyLang]!, values)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
