/**
 * "How was your conversation?": when staff resolve a conversation its contact is asked once (in the conversation,
 * and by e-mail when away) for 1–5 and an optional comment. The contact answers in the conversation
 * (POST /api/chat/rate) or from the e-mail's page without JavaScript (POST /api/ratings/rate with the e-mail's
 * token); admins read the report (POST /api/ratings/report).
 */
import { z } from 'zod';
import { chatBoxIdSchema } from './ids.ts';
import { isStorableText, ratingCommentMax } from './constants.ts';
import { languages } from './languages.ts';

export { ratingCommentMax };

const scoreSchema = z.number().int().min(1).max(5);
/** A form posts a line break as CRLF, which the browser counted as one character against `maxlength`. */
const commentSchema = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, '\n'))
  .pipe(z.string().trim().max(ratingCommentMax).refine(isStorableText, 'must be text'));

/** The latest resolution's rating: asked (score null) or given. */
export const ratingStateSchema = z.object({ score: scoreSchema.nullable(), comment: z.string().nullable() });
export type RatingState = z.infer<typeof ratingStateSchema>;

/** POST /api/chat/rate (the chat box's contact): rates its latest resolution (again, to change it). */
export const rateBody = z.object({ chatBoxId: chatBoxIdSchema, score: scoreSchema, comment: commentSchema.optional() });
export const rateAnswer = z.object({ rating: ratingStateSchema });
export type RateAnswer = z.infer<typeof rateAnswer>;

/**
 * POST /api/ratings/rate: the e-mail's page; the token names the rating asked. `score` a number in JSON, a string from
 * the form; `back`: the page's language when its form posts (the answer is then a redirect back, `?done=1`).
 */
export const rateByLinkBody = z.object({
  token: z.string().min(1).max(400),
  score: z.union([scoreSchema, z.enum(['1', '2', '3', '4', '5']).transform(Number)]),
  comment: commentSchema.optional(),
  back: z.enum(languages).optional(),
});

/** POST /api/ratings/report (admins): the last `weeks` weeks. */
export const ratingsReportBody = z.object({ weeks: z.union([z.literal(4), z.literal(12)]).default(4) });
const summary = { count: z.number().int(), average: z.number().nullable(), scores: z.array(z.number().int()).length(5) };
export const ratingsReportAnswer = z.object({
  /** Newest first; `week`: its Monday (UTC, YYYY-MM-DD). `asked`: resolutions asked that week, `count`: rated. */
  weeks: z.array(z.object({ week: z.string(), asked: z.number().int(), ...summary })),
  /** By whom each rating rates (the assignee when resolved, else who resolved it); null: nobody known any more. */
  staff: z.array(z.object({ name: z.string().nullable(), email: z.string().nullable(), ...summary })),
  /** The latest comments, newest first. */
  comments: z.array(
    z.object({ chatBoxId: z.string(), score: scoreSchema, comment: z.string(), ratedAt: z.string(), staffName: z.string().nullable() }),
  ),
});
export type RatingsReportAnswer = z.infer<typeof ratingsReportAnswer>;
