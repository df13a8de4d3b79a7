/**
 * What staff do to the ticked rows of the inbox at once: assign to themselves, resolve, or add a tag. Shown only
 * while rows are ticked; says how many, and how many could not be changed (one erased meanwhile, say).
 */
import { useId, useState } from 'react';
import type { Inbox } from '../../flows/staff/inbox.ts';
import type { Tag } from '../../lib/api/chat.ts';
import type { BulkAction } from '../../lib/api/inbox.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { useStore } from '@nanostores/react';
import { $organizationUser } from '../../stores/staffAuth.ts';

interface Props {
  t: Translate;
  inbox: Pick<Inbox, 'bulk' | 'clearSelection'>;
  me: string | undefined;
  selected: readonly string[];
  failed: number;
  tags: readonly Tag[];
}

export default function BulkBar({ t, inbox, me, selected, failed, tags }: Props) {
  const id = useId();
  const member = useStore($organizationUser);
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const email = member && member.uid === me ? member.email : undefined;

  async function run(action: BulkAction) {
    setBusy(true);
    try {
      await inbox.bulk(action);
    } catch {
      // Not sent (the connection, a sign-in that ended): the rows stay ticked, to try again.
    } finally {
      setBusy(false);
    }
  }

  if (!selected.length) {
    return failed ? (
      <p className="notice" role="alert">
        {t('inbox.bulk.failed', { count: failed })}
      </p>
    ) : null;
  }
  return (
    <section className="inbox-bulk" aria-label={t('inbox.bulk.label')}>
      <p className="inbox-bulk-count" role="status">
        {t('inbox.selected', { count: selected.length })}
      </p>
      {email && (
        <button type="button" className="button secondary" disabled={busy} onClick={() => void run({ type: 'assign', assignee: email })}>
          {t('staffTools.assignToMe')}
        </button>
      )}
      <button type="button" className="button secondary" disabled={busy} onClick={() => void run({ type: 'status', status: 'resolved' })}>
        {t('staffTools.resolve')}
      </button>
      {tags.length > 0 && (
        <form
          className="inbox-bulk-tag"
          onSubmit={(event) => {
            event.preventDefault();
            if (tag) void run({ type: 'tag', tagId: Number(tag), add: true }).then(() => setTag(''));
          }}
        >
          <label htmlFor={`${id}-tag`} className="sr-only">
            {t('inbox.bulk.addTag')}
          </label>
          <select id={`${id}-tag`} value={tag} onChange={(event) => setTag(event.currentTarget.value)}>
            <option value="">{t('inbox.bulk.chooseTag')}</option>
            {tags.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button secondary" disabled={busy || !tag}>
            {t('inbox.bulk.addTag')}
          </button>
        </form>
      )}
      <button type="button" className="link-button" onClick={inbox.clearSelection}>
        {t('inbox.bulk.clear')}
      </button>
    </section>
  );
}
