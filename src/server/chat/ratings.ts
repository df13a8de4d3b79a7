/**
 * "How was your conversation?": asked of the contact when staff resolve a conversation that staff answered (one
 * row a resolution; only the latest is offered in the conversation), rated in it (chat/rate.ts) or from the e-mail
 * (mail/ratingRequests.ts), and summed up for admins per week and per staff member.
 */
import type { RatingState, RatingsReportAnswer } from '../../lib/api/ratings.ts';
import type { Queryable } from '../db/database.ts';

/** The latest resolution's rating, or null when the contact was never asked. */
export async function latestRating(db: Queryable, chatBoxId: string): Promise<RatingState | null> {
  const [row] = await db.query<RatingState>(`select score, comment from ratings where chat_box_id = $1 order by id desc limit 1`, [
    chatBoxId,
  ]);
  return row ?? null;
}

/** The chat box a rating asks about, unless its contact was erased (the rating went too) or revoked since. */
export async function ratingChatBox(db: Queryable, ratingId: number): Promise<string | undefined> {
  const [asked] = await db.query<{ chat_box_id: string }>(
    `select r.chat_box_id from ratings r join chat_boxes b on b.id = r.chat_box_id join contacts c on c.id = b.contact_id
     where r.id = $1 and c.access_revoked_at is null`,
    [ratingId],
  );
  return asked?.chat_box_id;
}

/**
 * A new resolution: what an earlier one asked and was never answered is no longer asked (the conversation shows,
 * and its e-mail asks about, the latest resolution only, even when the organisation no longer asks).
 */
export async function dropUnanswered(tx: Queryable, chatBoxId: string): Promise<void> {
  await tx.query(`delete from ratings where chat_box_id = $1 and score is null`, [chatBoxId]);
}

/**
 * Asks, in the resolving transaction, when staff answered in the conversation: of whom the rating speaks is its
 * assignee, else who resolved it. False when there is nothing to rate (no staff reply).
 */
export async function askForRating(tx: Queryable, chatBoxId: string, resolvedBy: string | null): Promise<boolean> {
  const rows = await tx.query(
    `insert into ratings (chat_box_id, staff_id)
     select b.id, coalesce(b.assignee_id, (select u.id from organization_users u where u.uid = $2))
     from chat_boxes b
     where b.id = $1 and exists (select 1 from messages m where m.chat_box_id = b.id and m.sender_kind = 'staff' and not m.internal)
     returning id`,
    [chatBoxId, resolvedBy],
  );
  return rows.length > 0;
}

const summaryColumns = `count(r.score)::integer as count, round(avg(r.score), 2)::float8 as average,
  array[count(*) filter (where r.score = 1), count(*) filter (where r.score = 2), count(*) filter (where r.score = 3),
    count(*) filter (where r.score = 4), count(*) filter (where r.score = 5)]::integer[] as scores`;

/** The last `weeks` weeks (Monday to Sunday, UTC), this one included. */
export async function ratingsReport(db: Queryable, weeks: number): Promise<RatingsReportAnswer> {
  const since = `date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => $1 - 1)`;
  const byWeek = await db.query<RatingsReportAnswer['weeks'][number]>(
    `select to_char(date_trunc('week', r.asked_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::integer as asked, ${summaryColumns}
     from ratings r where r.asked_at at time zone 'UTC' >= ${since}
     group by 1 order by 1 desc`,
    [weeks],
  );
  const byStaff = await db.query<RatingsReportAnswer['staff'][number]>(
    `select u.name, u.email, ${summaryColumns}
     from ratings r left join organization_users u on u.id = r.staff_id
     where r.score is not null and r.asked_at at time zone 'UTC' >= ${since}
     group by u.id, u.name, u.email order by count(r.score) desc, u.name`,
    [weeks],
  );
  const comments = await db.query<{ chat_box_id: string; score: number; comment: string; rated_at: Date | string; name: string | null }>(
    `select r.chat_box_id, r.score, r.comment, r.rated_at, u.name
     from ratings r left join organization_users u on u.id = r.staff_id
     where r.comment <> '' and r.asked_at at time zone 'UTC' >= ${since}
     order by r.rated_at desc limit 50`,
    [weeks],
  );
  return {
    weeks: byWeek,
    staff: byStaff,
    comments: comments.map((row) => ({
      chatBoxId: row.chat_box_id,
      score: row.score,
      comment: row.comment,
      ratedAt: new Date(row.rated_at).toISOString(),
      staffName: row.name,
    })),
  };
}
