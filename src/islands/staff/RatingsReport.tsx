/**
 * The staff's "Ratings" view (admins): what contacts answered to "How was your conversation?" over the last 4 or 12
 * weeks — per week (asked, answered, average, how many of each score), per staff member the ratings speak of, and the
 * latest comments with a link to their conversation.
 */
import { useEffect, useId, useState } from 'react';
import type { RatingsReportAnswer } from '../../lib/api/ratings.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { paths } from '../../lib/paths.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffPageApi;
}

type Weeks = 4 | 12;
type Summary = { count: number; average: number | null; scores: number[] };

export default function RatingsReport({ lang, t, api }: Props) {
  const id = useId();
  const [weeks, setWeeks] = useState<Weeks>(4);
  const [report, setReport] = useState<RatingsReportAnswer | undefined>(undefined);
  const [failed, setFailed] = useState('');
  const locale = intlLocale(lang);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

  useEffect(() => {
    let current = true;
    setReport(undefined);
    setFailed('');
    api.ratingsReport(weeks).then(
      (answer) => current && setReport(answer),
      (error: unknown) => current && setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown')),
    );
    return () => {
      current = false;
    };
  }, [api, weeks, t]);

  const scoreHeads = [1, 2, 3, 4, 5].map((score) => (
    <th key={score} scope="col">
      <abbr title={t(`rating.score.${score}` as 'rating.score.1')}>{number.format(score)}</abbr>
    </th>
  ));
  const summaryCells = (row: Summary) => (
    <>
      <td>{number.format(row.count)}</td>
      <td>{row.average === null ? '–' : number.format(row.average)}</td>
      {row.scores.map((count, index) => (
        <td key={index}>{number.format(count)}</td>
      ))}
    </>
  );

  return (
    <div className="ratings-report">
      <p>{t('ratings.intro')}</p>
      <div className="report-controls">
        <label>
          {t('helpCentre.period')}{' '}
          <select value={weeks} onChange={(event) => setWeeks(Number(event.currentTarget.value) as Weeks)}>
            <option value={4}>{t('ratings.weeks4')}</option>
            <option value={12}>{t('ratings.weeks12')}</option>
          </select>
        </label>
      </div>
      <p role="status" className="muted">
        {report ? '' : t('helpCentre.loading')}
      </p>
      {failed && (
        <p className="notice notice-error" role="alert">
          {failed}
        </p>
      )}
      {report && (
        <>
          <section aria-labelledby={`${id}-weeks`}>
            <h2 id={`${id}-weeks`}>{t('ratings.byWeek')}</h2>
            {report.weeks.length === 0 ? (
              <p className="muted">{t('ratings.none')}</p>
            ) : (
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t('ratings.week')}</th>
                    <th scope="col">{t('ratings.asked')}</th>
                    <th scope="col">{t('ratings.answered')}</th>
                    <th scope="col">{t('ratings.average')}</th>
                    {scoreHeads}
                  </tr>
                </thead>
                <tbody>
                  {report.weeks.map((row) => (
                    <tr key={row.week}>
                      <th scope="row">
                        <time dateTime={row.week}>{day.format(new Date(`${row.week}T00:00:00Z`))}</time>
                      </th>
                      <td>{number.format(row.asked)}</td>
                      {summaryCells(row)}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby={`${id}-staff`}>
            <h2 id={`${id}-staff`}>{t('ratings.byStaff')}</h2>
            {report.staff.length === 0 ? (
              <p className="muted">{t('ratings.none')}</p>
            ) : (
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t('staffAdmin.name')}</th>
                    <th scope="col">{t('ratings.answered')}</th>
                    <th scope="col">{t('ratings.average')}</th>
                    {scoreHeads}
                  </tr>
                </thead>
                <tbody>
                  {report.staff.map((row) => (
                    <tr key={row.email ?? ''}>
                      <th scope="row" dir="auto">
                        {row.name || row.email || t('ratings.nobody')}
                      </th>
                      {summaryCells(row)}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby={`${id}-comments`}>
            <h2 id={`${id}-comments`}>{t('ratings.comments')}</h2>
            {report.comments.length === 0 ? (
              <p className="muted">{t('ratings.noComments')}</p>
            ) : (
              <ul className="feedback-comments">
                {report.comments.map((comment) => (
                  <li key={`${comment.chatBoxId}-${comment.ratedAt}`}>
                    <blockquote dir="auto">{comment.comment}</blockquote>
                    <p className="muted">
                      {t('ratings.scored', { score: number.format(comment.score) })}
                      {comment.staffName && (
                        <>
                          {' · '}
                          <bdi>{comment.staffName}</bdi>
                        </>
                      )}{' '}
                      · <time dateTime={comment.ratedAt}>{date.format(new Date(comment.ratedAt))}</time> ·{' '}
                      <a href={paths.chatBox(lang, comment.chatBoxId)}>{t('ratings.openConversation')}</a>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
