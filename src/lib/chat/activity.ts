/**
 * Staff's history of a conversation: what staff did (status, assignment, snooze, tags, priority) and the contact's
 * rating of it, from list pages
 * and from the stream, each once by seq. Contacts never receive it (their pages and stream leave it out).
 */
import type { ChatEvent, StaffActivity } from '../api/chat.ts';

/** Adds lines to a list sorted by seq, keeping each seq once. */
export function mergeActivity(existing: readonly StaffActivity[], incoming: readonly StaffActivity[]): StaffActivity[] {
  if (!incoming.length) return existing as StaffActivity[];
  const bySeq = new Map(existing.map((line) => [line.seq, line]));
  for (const line of incoming) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** A stream event as a line of the history: a change by staff (or the contact, or time) that says who and when. */
export function activityFromEvent(event: ChatEvent): StaffActivity | undefined {
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
  }
}
