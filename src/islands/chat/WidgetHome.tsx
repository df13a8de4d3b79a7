/**
 * The chat widget's home (islands/ChatBox.tsx): a search over the help centre in the visitor's language with results
 * as they type (Pagefind, loaded when the field is first used), the articles readers of the language found helpful
 * most often, the office hours, and the ways into a conversation: "Send us a message" where the organisation lets
 * visitors start one (GET /api/chat/home), and "I have a code" always.
 */
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { ChatHomeAnswer } from '../../lib/api/chatStart.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { paths } from '../../lib/paths.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import type { SearchResult } from '../../lib/search/pagefind.ts';
import { hoursText } from './officeHoursText.ts';

export type OpenArticle = (url: string, title: string) => void;

interface Props {
  t: Translate;
  lang: Lang;
  headingRef: Ref<HTMLHeadingElement>;
  onArticle: OpenArticle;
  onStart: () => void;
  onCode: () => void;
}

type Found = { status: 'idle' | 'searching' | 'failed' } | { status: 'done'; total: number; results: SearchResult[] };

/** How many results the home lists: the panel is narrow, and the search page has them all. */
const shownResults = 5;

/** A link to an article that opens it in the panel; a click with a modifier opens it as a link does. */
export function ArticleLink({ url, title, onArticle }: { url: string; title: string; onArticle: OpenArticle }) {
  return (
    <a
      href={url}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onArticle(url, title);
      }}
    >
      {title}
    </a>
  );
}

export default function WidgetHome({ t, lang, headingRef, onArticle, onStart, onCode }: Props) {
  const id = useId();
  const [home, setHome] = useState<ChatHomeAnswer | undefined>(undefined);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });

  useEffect(() => {
    // Plain fetch: the HTTP client (4.4 KB) is not worth one GET on the widget's first screen.
    fetch(`${endpoints.chatHome.path}?${new URLSearchParams({ lang })}`)
      .then((answer) => (answer.ok ? (answer.json() as Promise<ChatHomeAnswer>) : Promise.reject(new Error(`${answer.status}`))))
      .then(setHome, () => setHome({ startAvailable: false, hours: null, articles: [] }));
  }, [lang]);

  // Made on the first query, with the search itself (lib/search, Pagefind): nothing of it loads before.
  const search = useRef<Promise<{ run(text: string): void; cancel(): void }> | undefined>(undefined);
  const searcher = () =>
    (search.current ??= import('../../lib/search/latest.ts').then(({ latestOnly }) =>
      latestOnly(
        async (text: string) => (await import('../../lib/search/pagefind.ts')).searchArticles(lang, text, '', shownResults),
        (_, answer) => setFound({ status: 'done', total: answer.total, results: answer.results }),
        () => setFound({ status: 'failed' }),
      ),
    ));
  useEffect(() => () => void search.current?.then((running) => running.cancel()), []);

  function onQuery(text: string) {
    setQuery(text);
    if (!text.trim()) {
      void search.current?.then((running) => running.cancel());
      return setFound({ status: 'idle' });
    }
    setFound((before) => (before.status === 'done' ? before : { status: 'searching' }));
    void searcher().then((running) => running.run(text));
  }

  const status =
    found.status === 'searching'
      ? t('widget.searching')
      : found.status === 'failed'
        ? t('widget.searchFailed')
        : found.status === 'done'
          ? found.total
            ? t('widget.results', { count: found.total })
            : t('widget.noResults')
          : '';

  return (
    <div className="widget-home">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('widget.title')}
      </h1>
      <form role="search" className="widget-search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${id}-q`}>{t('widget.searchLabel')}</label>
        <input id={`${id}-q`} type="search" value={query} onChange={(event) => onQuery(event.currentTarget.value)} autoComplete="off" />
      </form>
      <p role="status" className="muted widget-status">
        {status}
      </p>
      {found.status === 'done' && found.results.length > 0 && (
        <ul className="widget-articles">
          {found.results.map((result) => (
            <li key={result.url}>
              <ArticleLink url={result.url} title={result.title} onArticle={onArticle} />
              {result.topic && <span className="muted">{result.topic}</span>}
            </li>
          ))}
        </ul>
      )}
      {!query && home && home.articles.length > 0 && (
        <section aria-labelledby={`${id}-helpful`}>
          <h2 id={`${id}-helpful`} className="h-small">
            {t('widget.helpfulArticles')}
          </h2>
          <ul className="widget-articles">
            {home.articles.map(({ article, title }) => {
              const [category = '', slug = ''] = article.split('/');
              return (
                <li key={article}>
                  <ArticleLink url={paths.article(lang, category, slug)} title={title} onArticle={onArticle} />
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <div className="widget-actions">
        {home?.hours && <p className="muted">{hoursText(home.hours, lang, t)}</p>}
        {home?.startAvailable && (
          <button type="button" className="button" onClick={onStart}>
            {t('widget.sendMessage')}
          </button>
        )}
        <button type="button" className="link-button" onClick={onCode}>
          {t('widget.haveCode')}
        </button>
      </div>
    </div>
  );
}
