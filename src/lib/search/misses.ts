/**
 * Tells the server about searches that found nothing (POST /api/search/miss), once the reader has stopped typing:
 * a query is sent when it stayed without results for `delayMs`, and each query once per page.
 */
import type { Lang } from '../i18n/languages.ts';
import { endpoints } from '../api/endpoints.ts';

export interface MissReporter {
  /** A search finished: `total` results for `query`. */
  found(query: string, total: number): void;
  stop(): void;
}

export function missReporter(lang: Lang, delayMs = 1500): MissReporter {
  const reported = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    found(query, total) {
      clearTimeout(timer);
      const text = query.trim();
      if (total > 0 || !text || reported.has(text)) return;
      timer = setTimeout(() => {
        reported.add(text);
        // Best effort: a lost report costs a count, never the reader anything.
        fetch(endpoints.searchMiss.path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ lang, query: text }),
          keepalive: true,
        }).catch(() => undefined);
      }, delayMs);
    },
    stop: () => clearTimeout(timer),
  };
}
