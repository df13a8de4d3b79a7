/**
 * Readers' feedback: votes on articles (one per browser, article and day: a second one changes the first), the
 * comment after "No", searches that found nothing useful (counted per language, normalised text and day; nothing
 * about who searched), and the staff's report of both.
 */
import { searchQueryMaxLength, type HelpCentreReport, type SearchMissKind } from '../../lib/api/helpCentre.ts';
import { chatHomeArticles } from '../../lib/api/constants.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Queryable } from '../db/database.ts';
import type { ArticleIndex } from './articles.ts';

/** Votes and comments per client address and hour; searches that found nothing, likewise. */
export const feedbackLimits = { votes: { max: 30, windowSeconds: 3600 }, misses: { max: 120, windowSeconds: 3600 } };

export interface Vote {
  lang: Lang;
  article: string;
  voter: string;
}

export async function recordVote(db: Queryable, { lang, article, voter }: Vote, helpful: boolean): Promise<void> {
  await db.query(
    `insert into article_votes (lang, article, voter, helpful) values ($1, $2, $3, $4)
     on conflict (voter, lang, article) do update
       set helpful = excluded.helpful, updated_at = now(), comment = case when excluded.helpful then null else article_votes.comment end`,
    [lang, article, voter, helpful],
  );
}

/** Adds the comment to this browser's vote (a "No" without one is made first: the comment says the article failed). */
export async function recordComment(db: Queryable, { lang, article, voter }: Vote, comment: string): Promise<void> {
  await db.query(
    `insert into article_votes (lang, article, voter, helpful, comment) values ($1, $2, $3, false, $4)
     on conflict (voter, lang, article) do update set comment = excluded.comment, helpful = false, updated_at = now()`,
    [lang, article, voter, comment],
  );
}

/** The text a search miss is counted under: NFKC, lower case, one space between words, no control characters, capped. */
export function normaliseQuery(query: string): string {
  return [
    ...query
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\p{C}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, searchQueryMaxLength)
    .join('')
    .trim();
}

export async function countSearchMiss(db: Queryable, lang: Lang, query: string, kind: SearchMissKind): Promise<boolean> {
  const text = normaliseQuery(query);
  if (!text) return false;
  const [count, unopened] = kind === 'nothing' ? [1, 0] : [0, 1];
  await db.query(
    `insert into search_misses (lang, query, day, count, unopened) values ($1, $2, current_date, $3, $4)
     on conflict (lang, query, day) do update
       set count = search_misses.count + excluded.count, unopened = search_misses.unopened + excluded.unopened`,
    [lang, text, count, unopened],
  );
  return true;
}

interface ArticleRow {
  article: string;
  yes: number;
  no: number;
  [key: string]: unknown;
}

/** One language over the last `days` days: articles by share of "No", the latest comments, the most frequent misses. */
export async function helpCentreReport(db: Queryable, index: ArticleIndex, lang: Lang, days: number): Promise<HelpCentreReport> {
  const titles = index[lang] ?? {};
  const title = (article: string) => titles[article] ?? article;
  const articles = await db.query<ArticleRow>(
    `select article, count(*) filter (where helpful)::integer as yes, count(*) filter (where not helpful)::integer as no
     from article_votes where lang = $1 and updated_at > now() - make_interval(days => $2)
     group by article
     order by count(*) filter (where not helpful)::float / count(*) desc, count(*) desc, article
     limit 100`,
    [lang, days],
  );
  const comments = await db.query<{ id: number; article: string; comment: string; updated_at: Date }>(
    `select id, article, comment, updated_at from article_votes
     where lang = $1 and comment is not null and updated_at > now() - make_interval(days => $2)
     order by updated_at desc, id desc limit 50`,
    [lang, days],
  );
  const misses = await db.query<{ query: string; count: number; unopened: number }>(
    `select query, sum(count)::integer as count, sum(unopened)::integer as unopened from search_misses
     where lang = $1 and day > current_date - $2::integer
     group by query order by sum(count) + sum(unopened) desc, sum(count) desc, query limit 50`,
    [lang, days],
  );
  return {
    articles: articles.map((row) => ({ article: row.article, title: title(row.article), yes: row.yes, no: row.no })),
    comments: comments.map((row) => ({
      id: Number(row.id),
      article: row.article,
      title: title(row.article),
      comment: row.comment,
      at: new Date(row.updated_at).toISOString(),
    })),
    misses: misses.map((row) => ({ query: row.query, count: row.count, unopened: row.unopened })),
  };
}

/**
 * The language's articles readers most often found helpful over the last 90 days (more "Yes" than "No"), best first:
 * the chat box's home offers them before a visitor writes. Only articles the built site has.
 */
export async function mostHelpful(db: Queryable, index: ArticleIndex, lang: Lang): Promise<{ article: string; title: string }[]> {
  const titles = index[lang] ?? {};
  const rows = await db.query<{ article: string }>(
    `select article from article_votes where lang = $1 and updated_at > now() - interval '90 days'
     group by article having count(*) filter (where helpful) > count(*) filter (where not helpful)
     order by count(*) filter (where helpful) desc, article limit $2`,
    [lang, chatHomeArticles * 2],
  );
  return rows.flatMap(({ article }) => (titles[article] ? [{ article, title: titles[article] }] : [])).slice(0, chatHomeArticles);
}

/** Removes a comment's text (admins); false when there is no such vote. */
export async function clearComment(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(`update article_votes set comment = null where id = $1 returning id`, [id]);
  return rows.length === 1;
}
