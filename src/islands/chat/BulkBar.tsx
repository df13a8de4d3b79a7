/**
 * What staff do to the ticked rows of the inbox at once: assign them (to themselves or a colleague), resolve them,
 * put a tag on or take one off. Shown only while rows are ticked; says how many, offers to tick every row shown, and
 * says how many could not be changed (one erased meanwhile, say).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Inbox } from '../../flows/staff/inbox.ts';
import type { Tag } from '../../lib/api/chat.ts';
import type { BulkAction } from '../../lib/api/inbox.ts';
import { colleagues, myEmail, type Me } from '../../lib/chat/assignment.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { $organizationUser } from '../../stores/staffAuth.ts';
import { staffList } from '../../stores/staffLists.ts';
import ColleagueSelect from './ColleagueSelect.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  inbox: Pick<Inbox, 'bulk' | 'clearSelection' | 'selectAll' | 'api'>;
  /** The signed-in staff member's uid. */
  me: string | undefined;
  selected: readonly string[];
  /** How many rows the list shows. */
  shown: number;
  failed: number;
  tags: readonly Tag[];
}

export default function BulkBar({ lang, t, inbox, me, selected, shown, failed, tags }: Props) {
  const id = useId();
  const member = useStore($organizationUser);
  const staff = useStore(staffList.$list) ?? [];
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const count = useRef<HTMLParagraphElement>(null);
  const someSelected = selected.length > 0;
  const self: Me | undefined = me ? { uid: me, email: member?.uid === me ? member.email : undefined } : undefined;
  const email = self && myEmail(self, staff);
  const others = self ? colleagues(staff, self, intlLocale(lang)) : [];

  useEffect(() => {
    if (someSelected) staffList.load(inbox.api.staff).catch(() => {});
  }, [someSelected, inbox.api]);

  async function run(action: BulkAction) {
    setBusy(true);
    try {
      await inbox.bulk(action);
      return true;
    } catch {
      // Not sent (the connection, a sign-in that ended): the rows stay ticked, to try again.
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {/* Always in the page, so the first tick is heard as the bar appears; a region inserted already filled is not. */}
      <p className="sr-only inbox-bulk-live" role="status">
        {someSelected ? t('inbox.selected', { count: selected.length }) : ''}
      </p>
      {!someSelected && !!failed && (
        <p className="notice" role="alert">
          {t('inbox.bulk.failed', { count: failed })}
        </p>
      )}
      {someSelected && (
        <section className="inbox-bulk" aria-label={t('inbox.bulk.label')}>
          {/* Focus comes here from "Select all", which goes once everything is ticked. */}
          <p className="inbox-bulk-count" tabIndex={-1} ref={count}>
            {t('inbox.selected', { count: selected.length })}
          </p>
          {selected.length < shown && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                inbox.selectAll();
                count.current?.focus();
              }}
            >
              {t('inbox.bulk.selectAll', { count: shown })}
            </button>
          )}
          {email && (
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => void run({ type: 'assign', assignee: email })}
            >
              {t('staffTools.assignToMe')}
            </button>
          )}
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => void run({ type: 'status', status: 'resolved' })}
          >
            {t('staffTools.resolve')}
          </button>
          <ColleagueSelect
            t={t}
            colleagues={others}
            busy={busy}
            className="inbox-bulk-choice"
            quietLabel
            assign={(colleague) => run({ type: 'assign', assignee: colleague })}
          />
          {tags.length > 0 && (
            <form
              className="inbox-bulk-choice"
              onSubmit={(event) => {
                event.preventDefault();
                // The button pressed says whether the tag goes on or comes off.
                const add = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') !== 'remove';
                if (tag) void run({ type: 'tag', tagId: Number(tag), add }).then((ok) => ok && setTag(''));
              }}
            >
              <label htmlFor={`${id}-tag`} className="sr-only">
                {t('inbox.bulk.tag')}
              </label>
              <select id={`${id}-tag`} value={tag} onChange={(event) => setTag(event.currentTarget.value)}>
                <option value="">{t('inbox.bulk.chooseTag')}</option>
                {tags.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
              <button type="submit" value="add" className="button secondary" disabled={busy || !tag}>
                {t('inbox.bulk.addTag')}
              </button>
              <button type="submit" value="remove" className="button secondary" disabled={busy || !tag}>
                {t('inbox.bulk.removeTag')}
              </button>
            </form>
          )}
          <button type="button" className="link-button" onClick={inbox.clearSelection}>
            {t('inbox.bulk.clear')}
          </button>
        </section>
      )}
    </>
  );
}
