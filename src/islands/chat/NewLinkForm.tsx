/**
 * "E-mail me a new link" under the code form (and the session-ended notice): a disclosure with the visitor's e-mail.
 * The answer on screen is the same whether or not the address is known (the server says nothing either way).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { looksLikeEmail, requestNewLink } from '../../lib/session/newLink.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import Field from '../staff/Field.tsx';

interface Props {
  t: Translate;
  lang: Lang;
  /** The chat box the visitor tried to open; none on the conversations page. */
  chatBoxId: string | undefined;
}

export default function NewLinkForm({ t, lang, chatBoxId }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLParagraphElement>(null);
  // Each answer (sent, or refused) is a new one, focused once rendered: said where focus goes, for keyboard and
  // screen-reader users alike.
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (answers) result.current?.focus();
  }, [answers]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    setBusy(true);
    setFailure(undefined);
    try {
      await requestNewLink({ email, lang, ...(chatBoxId && { chatBoxId }) });
      setSentTo(email.trim());
    } catch (error) {
      setFailure(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown'));
    } finally {
      setBusy(false);
      setAnswers((count) => count + 1);
    }
  }

  return (
    <details className="new-link">
      <summary>{t('session.newLink.open')}</summary>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{t('session.newLink.title')}</h3>
        <p className="muted">{t('session.newLink.intro')}</p>
        <Field id={`${id}-email`} label={t('session.newLink.email')} error={invalid ? t('session.newLink.error.email') : undefined}>
          {(described) => (
            <input
              ref={input}
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              spellCheck={false}
              dir="ltr"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          )}
        </Field>
        <button type="submit" className="button secondary" disabled={busy}>
          {t(busy ? 'session.newLink.sending' : 'session.newLink.send')}
        </button>
        {sentTo !== undefined && failure === undefined && (
          <p ref={result} tabIndex={-1} className="notice" role="status">
            {t('session.newLink.sent', { email: sentTo })}
          </p>
        )}
        {failure !== undefined && (
          <p ref={result} tabIndex={-1} className="notice notice-error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </details>
  );
}
