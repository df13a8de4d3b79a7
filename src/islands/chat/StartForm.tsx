/**
 * "Send us a message" in the chat widget: the visitor's question, name and e-mail address, then the code e-mailed to
 * that address (flows/session/chatStart.ts); the code opens the new conversation with the message in it. While the
 * question is written, up to 3 help-centre articles that may answer it show under it, searched in the visitor's
 * language after a pause (lib/search/suggestions.ts), again only when the words change enough.
 */
import { useEffect, useId, useMemo, useRef, useState, type Ref, type SubmitEvent } from 'react';
import { characterCount, messageTextMax } from '../../lib/api/constants.ts';
import { botCheckActive } from '../../lib/botCheck.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { apiErrorKey } from '../../lib/i18n/apiErrorKey.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { MessageKey, Messages } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { latestOnly } from '../../lib/search/latest.ts';
import type { SearchResult } from '../../lib/search/pagefind.ts';
import { emailProblem } from '../../lib/staff/fieldRules.ts';
import { changedEnough, suggestionCount, suggestionCoverage, suggestionPauseMs, suggestionTerms } from '../../lib/search/suggestions.ts';
import { openStartedConversation, startConversation } from '../../flows/session/chatStart.ts';
import { forgetPendingStart, pendingStart, type PendingStart } from '../../lib/session/pendingStart.ts';
import { targetPath } from '../../lib/session/codeForm.ts';
import BotCheckNotice from '../BotCheckNotice.tsx';
import Field from '../staff/Field.tsx';
import { ArticleLink, type OpenArticle } from './WidgetHome.tsx';

interface Props {
  t: Translate;
  lang: Lang;
  messages: Messages;
  /** The articles the visitor opened before writing, `{category}/{slug}`: staff see them with the conversation. */
  articles: string[];
  headingRef: Ref<HTMLHeadingElement>;
  /** An article is open over the form: suggestions are not searched meanwhile. */
  hidden: boolean;
  onArticle: OpenArticle;
  onBack: () => void;
}

type FieldName = 'text' | 'name' | 'email';

export default function StartForm({ t, lang, messages, articles, headingRef, hidden, onArticle, onBack }: Props) {
  const id = useId();
  const [fields, setFields] = useState({ text: '', name: '', email: '' });
  const [problems, setProblems] = useState<Partial<Record<FieldName, MessageKey>>>({});
  const [notice, setNotice] = useState<MessageKey | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingStart | undefined>(pendingStart);
  const [otp, setOtp] = useState('');
  const [suggested, setSuggested] = useState<SearchResult[]>([]);
  const searchedTerms = useRef<string[]>([]);
  const inputs = { text: useRef<HTMLTextAreaElement>(null), name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null) };
  const noticeLine = useRef<HTMLParagraphElement>(null);
  const codeHeading = useRef<HTMLHeadingElement>(null);
  // After Send, focus goes to the code step; a step restored on a reload keeps the page's own focus.
  const sent = useRef(false);
  // One client id for the first message, however often the start is asked again.
  const clientId = useRef(crypto.randomUUID());

  // One search at a time, the newest words next (latest.ts); the words count as searched once their answer is in.
  const suggest = useMemo(
    () =>
      latestOnly(
        async (terms: string[]) =>
          (await import('../../lib/search/pagefind.ts')).searchArticles(lang, terms.join(' '), '', suggestionCount, suggestionCoverage),
        (terms, answer) => {
          searchedTerms.current = terms;
          setSuggested(answer.results);
        },
        () => setSuggested([]),
      ),
    [lang],
  );
  useEffect(() => () => suggest.cancel(), [suggest]);
  useEffect(() => {
    if (hidden || pending) return;
    const terms = suggestionTerms(fields.text, lang);
    if (!terms.length) {
      suggest.cancel();
      searchedTerms.current = [];
      return setSuggested([]);
    }
    if (!changedEnough(searchedTerms.current, terms)) return;
    const timer = setTimeout(() => suggest.run(terms), suggestionPauseMs);
    return () => clearTimeout(timer);
  }, [fields.text, lang, hidden, pending, suggest]);

  useEffect(() => {
    if (notice) noticeLine.current?.focus();
  }, [notice]);

  const set = (field: FieldName) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((before) => ({ ...before, [field]: value }));
  };

  function failed(error: unknown) {
    setBusy(false);
    const code = error instanceof ApiRequestError ? error.code : 'unknown';
    setNotice(code === 'code_not_accepted' || code === 'not_found' ? 'start.codeNotAccepted' : apiErrorKey(code, messages));
  }

  function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = fields.text.trim();
    const found: Partial<Record<FieldName, MessageKey>> = {};
    if (!text) found.text = 'start.error.message';
    else if (characterCount(text) > messageTextMax) found.text = 'start.error.messageTooLong';
    if (!fields.name.trim()) found.name = 'start.error.name';
    if (emailProblem(fields.email)) found.email = 'start.error.email';
    setProblems(found);
    const first = (['text', 'name', 'email'] as const).find((field) => found[field]);
    if (first) return inputs[first].current?.focus();
    setBusy(true);
    setNotice(undefined);
    startConversation({ lang, name: fields.name.trim(), email: fields.email.trim(), text, clientId: clientId.current, articles }).then(
      (started) => {
        setBusy(false);
        setOtp('');
        sent.current = true;
        setPending(started);
      },
      failed,
    );
  }

  function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) return;
    const code = otp.replace(/\s/g, '');
    if (!/^\d{8}$/.test(code)) return setNotice('start.codeNotAccepted');
    setBusy(true);
    setNotice(undefined);
    openStartedConversation(pending.startId, code).then((chatBoxId) => location.assign(targetPath(location.pathname, chatBoxId)), failed);
  }

  useEffect(() => {
    if (pending && sent.current) codeHeading.current?.focus();
  }, [pending]);

  const noticeLineEl = notice && (
    <p ref={noticeLine} tabIndex={-1} className="notice notice-error" role="alert">
      {t(notice, { max: messageTextMax })}
    </p>
  );

  if (pending)
    return (
      <form className="session-form widget-start" onSubmit={confirm} noValidate aria-labelledby={`${id}-code-title`}>
        <h1 id={`${id}-code-title`} ref={codeHeading} tabIndex={-1}>
          {t('start.codeTitle')}
        </h1>
        {noticeLineEl}
        <p className="muted">{t('start.codeSent', { email: pending.email })}</p>
        <Field id={`${id}-otp`} label={t('start.code')}>
          {(described) => (
            <input
              id={`${id}-otp`}
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              aria-describedby={described}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          {t('start.confirm')}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            forgetPendingStart();
            setNotice(undefined);
            setPending(undefined);
          }}
        >
          {t('start.otherAddress')}
        </button>
      </form>
    );

  return (
    <form className="session-form widget-start" onSubmit={send} noValidate aria-labelledby={`${id}-title`}>
      <button type="button" className="link-button widget-back" onClick={onBack}>
        {t('widget.back')}
      </button>
      <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {t('start.title')}
      </h1>
      <p className="muted">{t('start.intro')}</p>
      {noticeLineEl}
      <Field id={`${id}-text`} label={t('start.message')} error={problems.text && t(problems.text, { max: messageTextMax })}>
        {(described) => (
          <textarea
            ref={inputs.text}
            id={`${id}-text`}
            rows={4}
            value={fields.text}
            onChange={set('text')}
            aria-invalid={!!problems.text}
            aria-describedby={described}
          />
        )}
      </Field>
      {/* Always on the page, so screen readers announce the suggestions when they come. */}
      <div aria-live="polite">
        {suggested.length > 0 && (
          <section className="widget-suggestions" aria-labelledby={`${id}-suggestions`}>
            <h2 id={`${id}-suggestions`} className="h-small">
              {t('start.suggestions')}
            </h2>
            <ul className="widget-articles">
              {suggested.map((result) => (
                <li key={result.url}>
                  <ArticleLink url={result.url} title={result.title} onArticle={onArticle} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <Field id={`${id}-name`} label={t('start.name')} error={problems.name && t(problems.name)}>
        {(described) => (
          <input
            ref={inputs.name}
            id={`${id}-name`}
            value={fields.name}
            onChange={set('name')}
            autoComplete="name"
            aria-invalid={!!problems.name}
            aria-describedby={described}
          />
        )}
      </Field>
      <Field id={`${id}-email`} label={t('start.email')} hint={t('start.emailHint')} error={problems.email && t(problems.email)}>
        {(described) => (
          <input
            ref={inputs.email}
            id={`${id}-email`}
            type="email"
            value={fields.email}
            onChange={set('email')}
            autoComplete="email"
            dir="ltr"
            aria-invalid={!!problems.email}
            aria-describedby={described}
          />
        )}
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('start.sending') : t('start.send')}
      </button>
      {botCheckActive() && <BotCheckNotice t={t} />}
    </form>
  );
}
