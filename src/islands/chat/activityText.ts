/**
 * A line of staff's history in a conversation: who did what (a staff member by name; `by` null: the contact's message
 * reopened it, or a snooze ran out). Staff only: it travels with the lazily loaded staff tools (StaffTools.tsx), so a
 * contact's conversation does not carry it.
 */
import type { HistoryLine } from '../../lib/api/chat.ts';
import { isolate } from '../../lib/format.ts';
import { nameList } from '../../lib/i18n/nameList.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { awayText } from './officeHoursText.ts';

export function activityText(line: HistoryLine, lang: Lang, t: Translate, nameOf: (uid: string) => string): string {
  if (line.type === 'away') return awayText(line.opensAt, lang, t);
  // Titles in any script, each isolated so that none reorders the sentence around it.
  if (line.type === 'articles')
    return t('history.articlesRead', {
      articles: nameList(
        lang,
        line.articles.map((read) => isolate(read.title)),
      ),
    });
  if (line.type === 'rating') {
    const score = new Intl.NumberFormat(intlLocale(lang)).format(line.score);
    // The contact's words, in any script, isolated so they cannot reorder the sentence around them.
    return line.comment ? t('history.ratedWithComment', { score, comment: isolate(line.comment) }) : t('history.rated', { score });
  }
  if (line.by === null && line.type === 'status' && line.status === 'open') return t('history.reopenedByContact');
  if (line.by === null && line.type === 'snooze' && line.until === null) return t('history.snoozeEnded');
  const by = nameOf(line.by ?? '');
  switch (line.type) {
    case 'assignment':
      return line.assignee
        ? t('history.assigned', { by, name: line.assignee.name || line.assignee.email })
        : t('history.unassigned', { by });
    case 'status':
      return t(line.status === 'resolved' ? 'history.resolved' : 'history.reopened', { by });
    case 'snooze': {
      const time =
        line.until && new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(line.until));
      return time ? t('history.snoozed', { by, time }) : t('history.unsnoozed', { by });
    }
    case 'priority':
      return line.priority
        ? t('history.priority', { by, priority: t(`triage.priority.${line.priority}`) })
        : t('history.priorityRemoved', { by });
    case 'tags': {
      const list = (names: string[]) => nameList(lang, names);
      const parts = [];
      if (line.added.length) parts.push(t('history.tagsAdded', { by, tags: list(line.added) }));
      if (line.removed.length) parts.push(t('history.tagsRemoved', { by, tags: list(line.removed) }));
      return parts.join(' · ');
    }
  }
}
