/**
 * One button that e-mails a contact a link to continue (the "new link" path by the contact id this device knows,
 * with its limits): for a chat box, a link that opens it; without, one for all their conversations. The address is
 * never shown; the answer is said where focus goes.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { MessageKey } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { requestNewLink } from '../../lib/session/newLink.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';

interface Props {
  t: Translate;
  lang: Lang;
  contactId: string;
  chatBoxId: string | undefined;
  label: MessageKey;
  className?: string;
}

export default function EmailLinkButton({ t, lang, contactId, chatBoxId, label, className = 'button' }: Props) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ sent: true } | { failure: string } | undefined>(undefined);
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (answer) result.current?.focus();
  }, [answer]);

  async function send() {
    setBusy(true);
    try {
      await requestNewLink({ contactId, lang, ...(chatBoxId && { chatBoxId }) });
      setAnswer({ sent: true });
    } catch (error) {
      setAnswer({ failure: apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown') });
    } finally {
      setBusy(false);
    }
  }

  if (answer && 'sent' in answer) {
    return (
      <p ref={result} tabIndex={-1} className="notice" role="status">
        {t('session.welcomeBack.sent')}
      </p>
    );
  }
  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void send()}>
        {t(busy ? 'session.newLink.sending' : label)}
      </button>
      {answer && (
        <p ref={result} tabIndex={-1} className="notice notice-error" role="alert">
          {answer.failure}
        </p>
      )}
    </>
  );
}
