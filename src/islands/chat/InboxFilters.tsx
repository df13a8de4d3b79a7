/**
 * The inbox's filters and search: two radio groups (status; who it is assigned to), moved through with the arrow
 * keys as any radio group, "waiting for us" with its count, a tag, the order, and a labelled search field whose
 * text is sent a moment after typing stops.
 */
import { useEffect, useId, useState } from 'react';
import { assignedFilters, inboxSorts, statusFilters, type InboxFilters as Filters } from '../../lib/inbox/filters.ts';
import type { Tag } from '../../lib/api/chat.ts';
import type { MessageKey } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

/** Long enough for a word typed at speed, short enough to feel immediate. */
export const searchDelayMs = 250;

const statusLabels: Record<Filters['status'], MessageKey> = {
  all: 'inbox.filter.all',
  open: 'inbox.status.open',
  snoozed: 'inbox.status.snoozed',
  resolved: 'inbox.status.resolved',
};
const assignedLabels: Record<Filters['assigned'], MessageKey> = {
  anyone: 'inbox.filter.anyone',
  me: 'inbox.filter.mine',
  nobody: 'inbox.filter.unassigned',
};

interface Props {
  t: Translate;
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** How many conversations wait for us (unknown until the list is read). */
  waiting: number | undefined;
  /** The organisation's tags, to filter by one (no field while there are none). */
  tags?: readonly Tag[] | undefined;
}

const sortLabels: Record<Filters['sort'], MessageKey> = {
  newest: 'inbox.sort.newest',
  oldest: 'inbox.sort.oldest',
  waitingLongest: 'inbox.sort.waitingLongest',
};

export default function InboxFilters({ t, filters, onChange, waiting, tags }: Props) {
  const id = useId();
  const [typed, setTyped] = useState(filters.query);

  useEffect(() => {
    if (typed === filters.query) return;
    const timer = setTimeout(() => onChange({ ...filters, query: typed }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed, filters, onChange]);

  function group<K extends 'status' | 'assigned'>(
    key: K,
    values: readonly Filters[K][],
    labels: Record<Filters[K], MessageKey>,
    legend: MessageKey,
  ) {
    return (
      <fieldset className="inbox-filter">
        <legend>{t(legend)}</legend>
        {values.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-${key}`}
              value={value}
              checked={filters[key] === value}
              onChange={() => onChange({ ...filters, [key]: value })}
            />
            <span>{t(labels[value])}</span>
          </label>
        ))}
      </fieldset>
    );
  }

  return (
    <div className="inbox-filters">
      <div role="search" className="field inbox-search">
        <label htmlFor={`${id}-search`}>{t('inbox.search')}</label>
        <input
          id={`${id}-search`}
          // `/` and Ctrl/Cmd+K come here, as to any page's search box (client/shortcuts.ts).
          data-search-box
          type="search"
          value={typed}
          maxLength={200}
          autoComplete="off"
          dir="auto"
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </div>
      {group('status', statusFilters, statusLabels, 'inbox.filterStatus')}
      {group('assigned', assignedFilters, assignedLabels, 'inbox.filterAssigned')}
      <label className="inbox-waiting-filter">
        <input
          type="checkbox"
          checked={filters.waiting}
          onChange={(event) => onChange({ ...filters, waiting: event.currentTarget.checked })}
        />
        <span>{t('inbox.filter.waiting', { total: waiting ?? '…' })}</span>
      </label>
      {!!tags?.length && (
        <div className="field inbox-sort">
          <label htmlFor={`${id}-tag`}>{t('inbox.filterTag')}</label>
          <select
            id={`${id}-tag`}
            value={filters.tag ?? ''}
            onChange={(event) => onChange({ ...filters, tag: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
          >
            <option value="">{t('inbox.filter.anyTag')}</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field inbox-sort">
        <label htmlFor={`${id}-sort`}>{t('inbox.sort')}</label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, sort: event.currentTarget.value as Filters['sort'] })}
        >
          {inboxSorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(sortLabels[sort])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
