/**
 * Triage in a conversation's toolbar (staff): its tags (from the organisation's list, put on and taken off with
 * checkboxes), its priority, and snoozing it (an hour, tomorrow morning, next week or a picked time) or ending the
 * snooze. Each change goes to the server and shows at once; its event follows on the stream, the same.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import type { ChatStatus, Tag } from '../../lib/api/chat.ts';
import { chatPriorities, type ChatPriority } from '../../lib/api/constants.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import type { StaffApi } from '../../lib/staff/staffApi.ts';
import { pickedEnd, snoozeChoices, snoozeEnd, type SnoozeChoice } from '../../lib/triage/snoozeTimes.ts';
import type { Triage } from '../../stores/conversation.ts';
import { tagList } from '../../stores/staffLists.ts';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffApi;
  chatBoxId: string;
  status: ChatStatus | undefined;
  triage: Triage;
  setTriage: (change: Partial<Triage>) => void;
  busy: boolean;
  /** Runs a change with the toolbar's busy state and error line. */
  run: (work: () => Promise<void>) => Promise<boolean>;
}

export default function TriageTools({ lang, t, api, chatBoxId, status, triage, setTriage, busy, run }: Props) {
  const id = useId();
  const organizationTags = useStore(tagList.$list);
  const [choice, setChoice] = useState<SnoozeChoice | 'pick' | ''>('');
  const [picked, setPicked] = useState('');
  const [tagsFailed, setTagsFailed] = useState(false);
  const when = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' });

  // Read once for the page (the inbox may have read it already), not once per conversation; a failed read is tried
  // again when "Edit tags" opens.
  const readTags = useCallback(() => {
    setTagsFailed(false);
    tagList.load(api.tags).catch(() => setTagsFailed(true));
  }, [api]);
  useEffect(readTags, [readTags]);

  const on = new Set(triage.tags.map((tag) => tag.id));
  // Ticked at once (a checkbox that waits for the server feels broken); the server's answer then stands, and a
  // refusal puts the tags back as they were.
  async function toggle(tag: Tag, checked: boolean) {
    const before = triage.tags;
    setTriage({ tags: checked ? [...before, tag] : before.filter((other) => other.id !== tag.id) });
    const ok = await run(async () => setTriage({ tags: await api.setTags(chatBoxId, checked ? { add: [tag.id] } : { remove: [tag.id] }) }));
    if (!ok) setTriage({ tags: before });
  }

  const until = choice === 'pick' ? pickedEnd(picked) : choice ? snoozeEnd(choice) : undefined;
  function onSnooze(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!until) return;
    void run(async () => setTriage({ snoozedUntil: await api.snooze(chatBoxId, until.toISOString()) })).then((ok) => ok && setChoice(''));
  }

  return (
    <>
      <div className="chat-tools-group chat-triage-tags">
        <p className="chat-tools-state">
          {t('triage.tags')}{' '}
          {triage.tags.length ? (
            triage.tags.map((tag) => (
              <span key={tag.id} className="tag" dir="auto">
                {tag.name}
              </span>
            ))
          ) : (
            <span className="muted">{t('triage.noTags')}</span>
          )}
        </p>
        <details className="chat-tags-edit" onToggle={(event) => event.currentTarget.open && !organizationTags && readTags()}>
          <summary className="button secondary">{t('triage.editTags')}</summary>
          {!organizationTags && (
            <p className={tagsFailed ? 'notice' : 'muted'} role="status">
              {t(tagsFailed ? 'triage.tagListUnavailable' : 'triage.tagListLoading')}
            </p>
          )}
          {organizationTags?.length === 0 && <p className="muted">{t('triage.noTagList')}</p>}
          {!!organizationTags?.length && (
            <fieldset>
              <legend className="sr-only">{t('triage.tags')}</legend>
              {organizationTags.map((tag) => (
                <label key={tag.id} className="chat-tag-choice">
                  <input
                    type="checkbox"
                    checked={on.has(tag.id)}
                    disabled={busy}
                    onChange={(event) => void toggle(tag, event.currentTarget.checked)}
                  />{' '}
                  <span dir="auto">{tag.name}</span>
                </label>
              ))}
            </fieldset>
          )}
        </details>
      </div>
      <div className="chat-tools-group">
        <label htmlFor={`${id}-priority`}>{t('triage.priority')}</label>
        <select
          id={`${id}-priority`}
          value={triage.priority ?? ''}
          disabled={busy}
          onChange={(event) => {
            const priority = (event.currentTarget.value || null) as ChatPriority | null;
            void run(async () => setTriage({ priority: await api.setPriority(chatBoxId, priority) }));
          }}
        >
          <option value="">{t('triage.priority.none')}</option>
          {chatPriorities.map((priority) => (
            <option key={priority} value={priority}>
              {t(`triage.priority.${priority}`)}
            </option>
          ))}
        </select>
      </div>
      {triage.snoozedUntil ? (
        <div className="chat-tools-group">
          <p className="chat-tools-state" role="status">
            {t('triage.snoozedUntil', { time: when.format(new Date(triage.snoozedUntil)) })}
          </p>
          <button
            type="button"
            className="button secondary"
            data-shortcut="snooze"
            disabled={busy}
            onClick={() => void run(async () => setTriage({ snoozedUntil: await api.snooze(chatBoxId, null) }))}
          >
            {t('triage.unsnooze')}
          </button>
        </div>
      ) : (
        status === 'open' && (
          <form className="chat-tools-group" onSubmit={onSnooze}>
            <label htmlFor={`${id}-snooze`}>{t('triage.snoozeUntil')}</label>
            <select
              id={`${id}-snooze`}
              data-shortcut="snooze"
              value={choice}
              onChange={(event) => setChoice(event.currentTarget.value as SnoozeChoice | 'pick' | '')}
            >
              <option value="">—</option>
              {snoozeChoices.map((option) => (
                <option key={option} value={option}>
                  {t(`triage.snooze.${option}`)}
                </option>
              ))}
              <option value="pick">{t('triage.snooze.pick')}</option>
            </select>
            {choice === 'pick' && (
              <input
                type="datetime-local"
                aria-label={t('triage.snooze.pick')}
                value={picked}
                onChange={(event) => setPicked(event.currentTarget.value)}
              />
            )}
            <button type="submit" className="button secondary" disabled={busy || !until}>
              {t('triage.snooze')}
            </button>
          </form>
        )
      )}
    </>
  );
}
