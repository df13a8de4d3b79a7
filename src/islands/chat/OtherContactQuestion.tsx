/**
 * The question before a link replaces this device's session of another person: whose conversation the visitor is in
 * now, and a choice between opening the link's conversation and staying. Focus goes to the question, so a screen
 * reader reads it first.
 */
import { useEffect, useId, useRef } from 'react';
import { isolate } from '../../lib/format.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import type { Contact } from '../../flows/session/sessionApi.ts';

interface Props {
  t: Translate;
  current: Contact;
  onOpen: () => void;
  onStay: () => void;
}

export default function OtherContactQuestion({ t, current, onOpen, onStay }: Props) {
  const id = useId();
  const question = useRef<HTMLDivElement>(null);
  useEffect(() => question.current?.focus(), []);
  const name = isolate(current.name || current.email);
  return (
    <div ref={question} tabIndex={-1} className="session-question" role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`}>{t('session.otherContact.question', { name })}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onOpen}>
          {t('session.otherContact.open')}
        </button>
        <button type="button" className="button secondary" onClick={onStay}>
          {t('session.otherContact.stay', { name })}
        </button>
      </div>
    </div>
  );
}
