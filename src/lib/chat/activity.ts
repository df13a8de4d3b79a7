/**
 * Staff's history of a conversation: what staff did (status set, assignment), from list pages and from the stream,
 * each once by seq. Contacts never receive it (their pages and stream leave it out).
 */
import type { ChatEvent, StaffActivity } from '../api/chat.ts';

/** Adds lines to a list sorted by seq, keeping each seq once. */
export function mergeActivity(existing: readonly StaffActivity[], incoming: readonly StaffActivity[]): StaffActivity[] {
  if (!incoming.length) return existing as StaffActivity[];
  const bySeq = new Map(existing.map((line) => [line.seq, line]));
  for (const line of incoming) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** A stream event as a line of the history: a status or assignment event that says who and when (staff's stream). */
export function activityFromEvent(event: ChatEvent): StaffActivity | undefined {
  if (event.type !== 'status' && event.type !== 'assignment') return undefined;
  const { seq, at, by } = event;
  if (at === undefined || by === undefined) return undefined;
  return event.type === 'status'
    ? { type: 'status', seq, at, by, status: event.status }
    : { type: 'assignment', seq, at, by, assignee: event.assignee };
}
