/**
 * The search page's island: results as you type (coalesced, see latest.ts), the query kept in the address, a topic filter,
 * keyboard movement through results, a polite announcement of the result count, and a count of searches that found
 * nothing useful.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { isolate, languageName } from '../lib/format.ts';
import type { Lang } from '../lib/i18n/languages.ts';
import type { Messages } from '../lib/i18n/schema.ts';
import { useTranslator } from './useTranslator.ts';
import AppErrorGate from './AppErrorGate.tsx';
import { pacedAddress, readSearchParams, searchAddress } from '../lib/search/address.ts';
import { latestOnly } from '../lib/search/latest.ts';
import { missReporter } from '../lib/search/misses.ts';
import { loadPagefind, resultsPerPage, searchArticles, type SearchAnswer } from '../lib/search/pagefind.ts';

export interface Topic {
  slug: string;
  title: string;
  path: string;
}

interface Props {
  lang: Lang;
  messages: Messages;
  topics: Topic[];
}

/** How often typing may rewrite the address (`?q=`). */
const addressIntervalMs = 300;

type State = { status: 'idle' } | { status: 'searching' } | { status: 'done'; query: string; answer: SearchAnswer } | { status: 'failed' };

function SearchView({ lang, messages, topics }: Props) {
  const t = useTranslator(lang, messages);
  const id = useId();
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState('');
  const [shown, setShown] = useState(resultsPerPage);
  const [state, setState] = useState<State>({ status: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // Searches over every topic that found nothing useful are counted (staff see them); a topic filter's empty page is
  // not a gap.
  const misses = useMemo(() => missReporter(lang), [lang]);
  useEffect(() => {
    // Leaving the page, or the island going with a client-side navigation: results left unopened are told.
    addEventListener('pagehide', misses.stop);
    return () => {
      removeEventListener('pagehide', misses.stop);
      misses.stop();
    };
  }, [misses]);
  const onResultOpened = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) misses.opened();
  };
  const runner = useMemo(
    () =>
      latestOnly(
        ({ query, topic, shown }: { query: string; topic: string; shown: number }) => searchArticles(lang, query, topic, shown),
        ({ query, topic }, answer) => {
          setState({ status: 'done', query, answer });
          // Narrowed to a topic: the same search, read more closely, not a new one (nor results left unopened).
          if (!topic) misses.found(query, answer.total);
        },
        () => setState({ status: 'failed' }),
      ),
    [misses],
  );

  // The address is read after hydration: the page was rendered without one. A reader may also have typed
  // into the server-rendered box before the island woke up; that text wins over an empty address.
  useEffect(() => {
    const params = readSearchParams(location.search);
    setQuery(params.query || input.current?.value || '');
    setTopic(params.topic);
    loadPagefind().catch(() => setState({ status: 'failed' }));
  }, []);

  // Made in the browser (the island is also rendered on the server). It writes only while the reader is still on
  // this page: client-side navigation may have moved on before an update is due.
  const keepAddress = useRef<((address: string) => void) | null>(null);

  useEffect(() => {
    if (!keepAddress.current) {
      const page = location.pathname;
      keepAddress.current = pacedAddress(addressIntervalMs, (address) => {
        if (location.pathname === page) history.replaceState(history.state, '', address);
      });
    }
    keepAddress.current(searchAddress(new URL(location.href), { query, topic }));
    if (!query.trim()) {
      misses.found('', 0);
      runner.cancel();
      setState({ status: 'idle' });
      return;
    }
    setState((previous) => (previous.status === 'done' ? previous : { status: 'searching' }));
    runner.run({ query, topic, shown });
  }, [query, topic, shown, runner, misses]);

  // A new search starts again from the first page of results.
  function changeSearch(next: { query?: string; topic?: string }) {
    if (next.query !== undefined) setQuery(next.query);
    if (next.topic !== undefined) setTopic(next.topic);
    setShown(resultsPerPage);
  }

  // After "show more", keyboard users land on the first new result once it is rendered.
  const focusAfterMore = useRef<number | null>(null);
  useEffect(() => {
    const link = focusAfterMore.current === null ? null : list.current?.children[focusAfterMore.current]?.querySelector('a');
    if (link) {
      link.focus();
      focusAfterMore.current = null;
    }
  }, [state]);

  function showMore() {
    focusAfterMore.current = list.current?.children.length ?? 0;
    setShown((count) => count + resultsPerPage);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    // Only in the search box and the results: the topic list keeps its own arrow keys.
    if (event.target !== input.current && at < 0) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      changeSearch({ query: '' });
      input.current?.focus();
    } else if (event.key === 'ArrowDown' && links.length) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? input.current : links[at - 1])?.focus();
    }
  }

  const done = state.status === 'done' ? state : undefined;
  const answer = done?.answer;
  const status =
    state.status === 'searching'
      ? t('search.searching')
      : state.status === 'failed'
        ? t('search.unavailable')
        : answer
          ? t('search.resultCount', { count: answer.total })
          : '';

  return (
    <div className="search-page" onKeyDown={onKeyDown}>
      <form className="search search-hero" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="sr-only" htmlFor={`${id}-q`}>
          {t('search.label')}
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          name="q"
          value={query}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={`${id}-hint`}
          data-search-box
          onChange={(event) => changeSearch({ query: event.currentTarget.value })}
        />
        {/* Results follow the typing; the button is the form's way to say "search" (and Enter's). */}
        <button type="submit">
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <span className="sr-only">{t('search.submit')}</span>
        </button>
      </form>
      <p id={`${id}-hint`} className="muted search-hint">
        {t('search.keyboardHint')}
      </p>
      <p className="search-filter">
        <label htmlFor={`${id}-topic`}>{t('search.topicFilter')}</label>{' '}
        <select id={`${id}-topic`} value={topic} onChange={(event) => changeSearch({ topic: event.currentTarget.value })}>
          <option value="">{t('search.allTopics')}</option>
          {topics.map((item) => (
            <option key={item.slug} value={item.slug}>
              {item.title}
            </option>
          ))}
        </select>
      </p>
      <p className="search-status" role="status">
        {/* The query is heard with the count, so a new search with as many results is announced too. */}
        {done && (
          <span className="sr-only">
            {done.answer.corrected && done.answer.total > 0
              ? t('search.correctedTo', { query: isolate(done.query.trim()), corrected: isolate(done.answer.corrected) })
              : t('search.resultsFor', { query: isolate(done.query) })}{' '}
          </span>
        )}
        {status}
      </p>
      {/* data-query names the text these results answer (the benchmark times keystroke to render with it). */}
      <div className="search-answer" data-query={done?.query}>
        {state.status === 'idle' && !query.trim() && <p className="muted">{t('search.prompt')}</p>}
        {done?.answer.corrected && done.answer.total > 0 && (
          <p className="search-corrected">
            {t('search.correctedTo', { query: isolate(done.query.trim()), corrected: isolate(done.answer.corrected) })}
          </p>
        )}
        {answer && answer.total > 0 && (
          <ol className="results" ref={list} onClick={onResultOpened} onAuxClick={onResultOpened}>
            {answer.results.map((result) => (
              <li key={result.url}>
                <a href={result.url} lang={result.textLang}>
                  {result.title}
                </a>
                <p className="muted">
                  {result.topic}
                  {result.textLang && (
                    <span className="badge">{t('search.inLanguage', { language: languageName(lang, result.textLang as Lang) })}</span>
                  )}
                </p>
                <p className="excerpt" lang={result.textLang}>
                  {result.excerpt.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
                </p>
              </li>
            ))}
          </ol>
        )}
        {answer && answer.total > answer.results.length && (
          <button type="button" className="button" onClick={showMore}>
            {t('search.showMore')}
          </button>
        )}
        {done && done.answer.total === 0 && (
          <div className="no-results">
            <p>{t('search.noResults', { query: isolate(done.query.trim()) })}</p>
            <p>{t('search.tryTopics')}</p>
            <ul className="links">
              {topics.map((item) => (
                <li key={item.slug}>
                  <a href={item.path}>{item.title}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}

/** The island: the search page, or the seed's error screen when an app error is set. */
export default function Search(props: Props) {
  return (
    <AppErrorGate t={useTranslator(props.lang, props.messages)}>
      <SearchView {...props} />
    </AppErrorGate>
  );
}
