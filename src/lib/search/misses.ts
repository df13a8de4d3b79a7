/**
 * Tells the server about searches that found nothing useful (POST /api/search/miss), once the reader has stopped
 * typing: a query that stayed without results for `delayMs` (`nothing`), and a query whose results stayed on screen
 * that long and of which the reader opened none before searching again or leaving the page (`unopened`). Each query
 * once per page.
 */
import type { Lang } from '../i18n/languages.ts';
import { endpoints } from '../api/endpoints.ts';
import type { SearchMissKind } from '../api/helpCentre.ts';

export interface MissReporter {
  /** A search finished: `total` results for `query` (an empty query: the reader cleared the box). */
  found(query: string, total: number): void;
  /** The reader opened one of the results on screen. */
  opened(): void;
  /** The page is going (or the search with it): a search whose results were not opened is told now. */
  stop(): void;
}

export function missReporter(lang: Lang, delayMs = 1500): MissReporter {
  const reported = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The last search, until it has stayed `delayMs` (while typing, most searches are words half typed). */
  let pending: { query: string; total: number } | undefined;
  /** The settled query whose results are on screen, none opened yet. */
  let unopened: string | undefined;

  function report(query: string, kind: SearchMissKind) {
    // Once per text as the server counts it (its case and spacing do not make another search).
    const counted = query.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
    if (reported.has(counted)) return;
    reported.add(counted);
    // Best effort: a lost report costs a count, never the reader anything; keepalive lets it outlive the page.
    fetch(endpoints.searchMiss.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lang, query, kind }),
      keepalive: true,
    }).catch(() => undefined);
  }
  /** The last search is the reader's: a search before it that showed results they did not open found nothing useful. */
  function settle() {
    clearTimeout(timer);
    if (unopened) report(unopened, 'unopened');
    unopened = undefined;
    if (pending?.total === 0) report(pending.query, 'nothing');
    else if (pending) unopened = pending.query;
    pending = undefined;
  }

  return {
    found(query, total) {
      clearTimeout(timer);
      const text = query.trim();
      // Back to the results on screen: whatever was typed since was a word half typed.
      if (text === unopened) {
        pending = undefined;
        return;
      }
      pending = text ? { query: text, total } : undefined;
      if (!text) return settle();
      timer = setTimeout(settle, delayMs);
    },
    opened() {
      // Opened before the results settled counts too: the reader found what they wanted.
      clearTimeout(timer);
      pending = undefined;
      unopened = undefined;
    },
    stop() {
      // Leaving: the last search was the reader's last word, however soon they left.
      settle();
      if (unopened) report(unopened, 'unopened');
      unopened = undefined;
    },
  };
}
