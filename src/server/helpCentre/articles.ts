/**
 * Which articles exist, per language, with their titles: read from the built site's `articles.json`
 * (src/pages/articles.json.ts), so votes for articles that do not exist are refused and staff see titles.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Lang } from '../../lib/i18n/languages.ts';

/** Language → `{category}/{slug}` → title. */
export type ArticleIndex = Partial<Record<Lang, Record<string, string>>>;

export function articleIndexFile(outDir: string): string {
  return resolve(outDir, 'client/articles.json');
}

/** Reads the index once it is asked for; a site not built yet has no articles (and is read again next time). */
export function articleIndex(outDir: string): () => Promise<ArticleIndex> {
  let index: Promise<ArticleIndex> | undefined;
  return () =>
    (index ??= readFile(articleIndexFile(outDir), 'utf8').then(
      (text) => JSON.parse(text) as ArticleIndex,
      () => {
        index = undefined;
        return {};
      },
    ));
}
