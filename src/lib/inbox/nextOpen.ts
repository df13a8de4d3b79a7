/**
 * After a conversation is resolved, the one to open next: the nearest open one after it in the list as it was
 * shown (else before it), among those the list, read again, still has open — a colleague may have resolved one in
 * the meantime. None when nothing else is open.
 */
import type { InboxEntry } from '../api/inbox.ts';

type Row = Pick<InboxEntry, 'id' | 'status'>;

export function nextOpen(shown: Row[], now: Row[], resolvedId: string): string | undefined {
  const open = new Set(now.filter((entry) => entry.status === 'open' && entry.id !== resolvedId).map((entry) => entry.id));
  const at = shown.findIndex((entry) => entry.id === resolvedId);
  const nearest = at < 0 ? shown : [...shown.slice(at + 1), ...shown.slice(0, at).reverse()];
  return nearest.find((entry) => open.has(entry.id))?.id ?? now.find((entry) => open.has(entry.id))?.id;
}
