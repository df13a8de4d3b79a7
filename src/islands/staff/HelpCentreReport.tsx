/**
 * The staff's "Help centre" view: per language and period, articles by their share of "not helpful" votes, readers'
 * latest comments (admins may clear one), and the searches that found nothing, each with a link that runs it.
 */
import { useEffect, useId, useState } from 'react';
import type { HelpCentreReport as Report } from '../../lib/api/helpCentre.ts';
import { languageName } from '../../lib/format.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { intlLocale, languages, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { paths } from '../../lib/paths.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffPageApi;
  isAdmin: boolean;
}

const articlePath = (lang: Lang, article: string) => {
  const [category = '', slug = ''] = article.split('/');
  return paths.article(lang, category, slug);
};

export default function HelpCentreReport({ lang, t, api, isAdmin }: Props) {
  const id = useId();
  const [of, setOf] = useState<Lang>(lang);
  const [days, setDays] = useState<7 | 30>(7);
  const [report, setReport] = useState<Report | undefined>(undefined);
  const [failed, setFailed] = useState('');
  const [status, setStatus] = useState('');
  const percent = new Intl.NumberFormat(intlLocale(lang), { style: 'percent' });
  const date = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium' });

  useEffect(() => {
    let current = true;
    setReport(undefined);
    setFailed('');
    api.helpCentreReport(of, days).then(
      (answer) => current && setReport(answer),
      (error: unknown) => current && setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown')),
    );
    return () => {
      current = false;
    };
  }, [api, of, days, t]);

  function clear(commentId: number) {
    setStatus('');
    api.clearComment(commentId).then(
      () => {
        setReport((previous) => previous && { ...previous, comments: previous.comments.filter((comment) => comment.id !== commentId) });
        setStatus(t('helpCentre.cleared'));
      },
      (error: unknown) => setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown')),
    );
  }

  // Titles and queries are in the language reported on (its direction found from the text: this island stays small).
  const textProps = { lang: of, dir: 'auto' as const };
  return (
    <div className="help-centre-report">
      <p>{t('helpCentre.intro')}</p>
      <div className="report-controls">
        <label>
          {t('helpCentre.language')}{' '}
          <select value={of} onChange={(event) => setOf(event.currentTarget.value as Lang)}>
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageName(lang, code)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('helpCentre.period')}{' '}
          <select value={days} onChange={(event) => setDays(Number(event.currentTarget.value) as 7 | 30)}>
            <option value={7}>{t('helpCentre.days7')}</option>
            <option value={30}>{t('helpCentre.days30')}</option>
          </select>
        </label>
      </div>
      <p role="status" className="muted">
        {report ? status : t('helpCentre.loading')}
      </p>
      {failed && (
        <p className="notice notice-error" role="alert">
          {failed}
        </p>
      )}
      {report && (
        <>
          <section aria-labelledby={`${id}-articles`}>
            <h2 id={`${id}-articles`}>{t('helpCentre.articles')}</h2>
            {report.articles.length === 0 ? (
              <p className="muted">{t('helpCentre.noVotes')}</p>
            ) : (
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t('helpCentre.article')}</th>
                    <th scope="col">{t('helpCentre.yes')}</th>
                    <th scope="col">{t('helpCentre.no')}</th>
                    <th scope="col">{t('helpCentre.noShare')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.articles.map((row) => (
                    <tr key={row.article}>
                      <th scope="row">
                        <a href={articlePath(of, row.article)} {...textProps}>
                          {row.title}
                        </a>
                      </th>
                      <td>{row.yes}</td>
                      <td>{row.no}</td>
                      <td>{percent.format(row.no / Math.max(1, row.yes + row.no))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby={`${id}-comments`}>
            <h2 id={`${id}-comments`}>{t('helpCentre.comments')}</h2>
            {report.comments.length === 0 ? (
              <p className="muted">{t('helpCentre.noComments')}</p>
            ) : (
              <ul className="feedback-comments">
                {report.comments.map((comment) => (
                  <li key={comment.id}>
                    <blockquote dir="auto">{comment.comment}</blockquote>
                    <p className="muted">
                      <a href={articlePath(of, comment.article)} {...textProps}>
                        {comment.title}
                      </a>{' '}
                      · <time dateTime={comment.at}>{date.format(new Date(comment.at))}</time>
                      {isAdmin && (
                        <>
                          {' '}
                          <button type="button" className="button secondary" onClick={() => clear(comment.id)}>
                            {t('helpCentre.clear')}
                            {/* Which comment, for a screen reader; the visible word stays the start of the name (WCAG 2.5.3). */}
                            <span className="sr-only"> {comment.title}</span>
                          </button>
                        </>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby={`${id}-misses`}>
            <h2 id={`${id}-misses`}>{t('helpCentre.misses')}</h2>
            {report.misses.length === 0 ? (
              <p className="muted">{t('helpCentre.noMisses')}</p>
            ) : (
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t('helpCentre.query')}</th>
                    <th scope="col">{t('helpCentre.nothingFound')}</th>
                    <th scope="col">{t('helpCentre.notOpened')}</th>
                    <td />
                  </tr>
                </thead>
                <tbody>
                  {report.misses.map((miss) => (
                    <tr key={miss.query}>
                      <th scope="row">
                        <bdi {...textProps}>{miss.query}</bdi>
                      </th>
                      <td>{miss.count}</td>
                      <td>{miss.unopened}</td>
                      <td>
                        <a href={`${paths.search(of)}?${new URLSearchParams({ q: miss.query })}`}>{t('helpCentre.searchIt')}</a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
