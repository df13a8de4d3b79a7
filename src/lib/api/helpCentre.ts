/**
 * The help centre's feedback calls: "was this helpful?" on articles, searches that found nothing useful, and the staff's
 * view of both. Votes and comments also come as plain form posts (articles work without JavaScript).
 */
import { z } from 'zod';
import { languages } from './languages.ts';

/** An article as `{category}/{slug}`, as its address has them. */
export const articleKey = z
  .string()
  .max(200)
  .regex(/^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/, 'must be category/slug');
export const commentMaxLength = 500;
export const searchQueryMaxLength = 100;

/** POST /api/helpful: `helpful` is a boolean in JSON, "yes" / "no" from the form. */
export const helpfulBody = z.object({
  lang: z.enum(languages),
  article: articleKey,
  helpful: z.union([z.boolean(), z.enum(['yes', 'no']).transform((value) => value === 'yes')]),
});
/** POST /api/helpful/comment: the comment after "No" (this browser's vote of today for the article). */
export const helpfulCommentBody = z.object({
  lang: z.enum(languages),
  article: articleKey,
  comment: z.string().trim().min(1).max(commentMaxLength),
});
export const helpfulAnswer = z.object({ saved: z.literal(true) });
export type HelpfulAnswer = z.infer<typeof helpfulAnswer>;

/**
 * POST /api/search/miss: a search that found nothing useful (the search page sends it once the reader stopped
 * typing): no article (`nothing`), or articles of which the reader opened none before searching again or leaving.
 */
export const searchMissKinds = ['nothing', 'unopened'] as const;
export const searchMissBody = z.object({
  lang: z.enum(languages),
  query: z.string().max(1000),
  kind: z.enum(searchMissKinds).default('nothing'),
});
export type SearchMissKind = (typeof searchMissKinds)[number];
export const searchMissAnswer = z.object({ counted: z.boolean() });
export type SearchMissAnswer = z.infer<typeof searchMissAnswer>;

/** POST /api/helpCentre/report (staff): the last `days` days in one language. */
export const helpCentreReportBody = z.object({ lang: z.enum(languages), days: z.union([z.literal(7), z.literal(30)]) });
export const articleFeedbackSchema = z.object({
  article: z.string(),
  title: z.string(),
  yes: z.number(),
  no: z.number(),
});
export const feedbackCommentSchema = z.object({
  id: z.number(),
  article: z.string(),
  title: z.string(),
  comment: z.string(),
  at: z.string(),
});
export const helpCentreReportAnswer = z.object({
  articles: z.array(articleFeedbackSchema),
  comments: z.array(feedbackCommentSchema),
  /** `count`: times the search found nothing; `unopened`: times it found articles nobody opened. */
  misses: z.array(z.object({ query: z.string(), count: z.number(), unopened: z.number() })),
});
export type HelpCentreReport = z.infer<typeof helpCentreReportAnswer>;

/** POST /api/helpCentre/clearComment (admins): removes a comment's text; the vote stays. */
export const clearCommentBody = z.object({ id: z.number().int().positive() });
