/**
 * A conversation's history: what staff did (status, assignment, snooze, tags, priority), the contact's rating of it
 * and the automatic away answers, from list pages and from the stream, each once by seq. A contact receives only
 * the away answers (their pages and stream leave the rest out).
 */
import type { ChatEvent, HistoryLine } from '../api/chat.ts';

/** Adds lines to a list sorted by seq, keeping each seq once. */
export function mergeActivity(existing: readonly HistoryLine[], incoming: readonly HistoryLine[]): HistoryLine[] {
  if (!incoming.length) return existing as HistoryLine[];
  const bySeq = new Map(existing.map((line) => [line.seq, line]));
  for (const line of incoming) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** A stream event as a line of the history: a change by staff (or the contact, or time) that says who and when. */
export function activityFromEvent(event: ChatEvent): HistoryLine | undefined {
  if (event.type === 'message' || event.type === 'read' || event.type === 'opened') return undefined;
  const { seq, at, by } = event;
  if (at === undefined || by === undefined) return undefined;
  switch (event.type) {
    case 'status':
      return { type: 'status', seq, at, by, status: event.status };
    case 'assignment':
      return { type: 'assignment', seq, at, by, assignee: event.assignee };
    case 'snooze':
      return { type: 'snooze', seq, at, by, until: event.until };
    case 'tags':
      return { type: 'tags', seq, at, by, added: event.added, removed: event.removed };
    case 'priority':
      return { type: 'priority', seq, at, by, priority: event.priority };
    case 'rating':
      return { type: 'rating', seq, at, by: null, score: event.score, comment: event.comment };
    case 'away':
      return { type: 'away', seq, at, by: null, opensAt: event.opensAt };
    case 'articles':
      return { type: 'articles', seq, at, by: null, articles: event.articles };
  }
}
