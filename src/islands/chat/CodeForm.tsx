/**
 * The contact's code form: their id and the 8-digit code, or a whole invitation link pasted into either field
 * (lib/session/codeForm.ts reads it; its values go only into the form). Checked before sending, with each problem
 * said under its field in the page's language (no browser bubbles: noValidate), and after a refusal focus goes
 * to the first wrong field or to the notice, as on the staff sign-in page.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { MessageKey } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { codeProblem, contactIdProblem, readInvitationLink, targetPath, type CodeFieldProblem } from '../../lib/session/codeForm.ts';
import type { SessionView } from '../../flows/session/sessionFlow.ts';
import { formProblems } from '../../lib/staff/fieldIssues.ts';
import Field from '../staff/Field.tsx';
import NewLinkForm from './NewLinkForm.tsx';
import type { Lang } from '../../lib/i18n/languages.ts';

type CodeView = Extract<SessionView, { kind: 'code' }>;
const codeFields = ['contactId', 'otp'] as const;
type CodeField = (typeof codeFields)[number];
type Problems = Partial<Record<CodeField, CodeFieldProblem>>;

interface Props {
  t: Translate;
  view: CodeView;
  busy: boolean;
  /** `target`: the session a pasted link is for (a chat box or `page`) and the page it opens; undefined for this page's own. */
  onSubmit: (contactId: string, otp: string, target: { key: string; path: string } | undefined) => void;
  /** The server sends e-mail: "E-mail me a new link" is offered below the form, for this chat box (or all). */
  newLink?: { lang: Lang; chatBoxId: string | undefined } | undefined;
  children?: React.ReactNode;
}

const errorKeys: Record<CodeField, Record<CodeFieldProblem, MessageKey>> = {
  contactId: { missing: 'session.error.idMissing', invalid: 'session.error.idInvalid' },
  otp: { missing: 'session.error.codeMissing', invalid: 'session.error.codeInvalid' },
};
const idPrefix = 'ct_';

/** A translated sentence with the id prefix in it, isolated left-to-right so "ct_" never shows as "_ct". */
function WithPrefix({ text }: { text: string }) {
  const [before, after] = text.split('\u0000');
  if (after === undefined) return text;
  return (
    <>
      {before}
      <bdi dir="ltr" className="ltr">
        {idPrefix}
      </bdi>
      {after}
    </>
  );
}

export default function CodeForm({ t, view, busy, onSubmit, newLink, children }: Props) {
  const id = useId();
  const [contactId, setContactId] = useState(view.contactId);
  const [otp, setOtp] = useState('');
  const [target, setTarget] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<Problems>({});
  const submitted = useRef(false);
  const noticeLine = useRef<HTMLParagraphElement>(null);
  const inputs = { contactId: useRef<HTMLInputElement>(null), otp: useRef<HTMLInputElement>(null) };

  // A 400 that names the form's fields is said next to them, not as a general notice (as on the staff forms).
  const { fields: fieldsRefused, code } = view.refusal ? formProblems(view.refusal, codeFields) : { fields: {}, code: undefined };
  const notice = view.notice && (code !== undefined || !view.refusal) ? view.notice : undefined;

  // A refusal from the server: the fields it named, or the notice, get the focus (never the document).
  useEffect(() => {
    if (view.contactId) setContactId(view.contactId);
    const refused: Problems = {};
    for (const field of Object.keys(fieldsRefused) as CodeField[]) refused[field] = 'invalid';
    setProblems(refused);
    if (!submitted.current) return;
    submitted.current = false;
    const first = codeFields.find((field) => refused[field]);
    if (first) inputs[first].current?.focus();
    else noticeLine.current?.focus();
    // Runs for each new view only: all it reads comes from the view, or from refs.
  }, [view]);

  /** Typed or pasted: a whole invitation link fills both fields, whichever it went into. */
  const change = (field: CodeField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    const link = readInvitationLink(value);
    if (!link) return field === 'contactId' ? setContactId(value) : setOtp(value);
    setContactId(link.contactId);
    if (link.otp) setOtp(link.otp);
    setTarget(link.target);
    setProblems({});
  };

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Problems = {};
    const idWrong = contactIdProblem(contactId);
    const codeWrong = codeProblem(otp);
    if (idWrong) found.contactId = idWrong;
    if (codeWrong) found.otp = codeWrong;
    setProblems(found);
    if (idWrong) return inputs.contactId.current?.focus();
    if (codeWrong) return inputs.otp.current?.focus();
    submitted.current = true;
    onSubmit(contactId, otp, target === undefined ? undefined : { key: target, path: targetPath(location.pathname, target) });
  }

  const error = (field: CodeField) => {
    const problem = problems[field];
    return problem && <WithPrefix text={t(errorKeys[field][problem], { prefix: '\u0000' })} />;
  };

  return (
    <>
      <form className="session-form" onSubmit={submit} noValidate aria-labelledby={`${id}-form`}>
        {notice && (
          <p ref={noticeLine} tabIndex={-1} className={notice === 'session.ended' ? 'notice' : 'notice notice-error'} role="alert">
            {t(notice as MessageKey)}
          </p>
        )}
        <h2 id={`${id}-form`}>{t('session.enterCode')}</h2>
        <p className="muted">{t('session.enterCodeIntro')}</p>
        <Field
          id={`${id}-contact`}
          label={t('session.yourId')}
          hint={<WithPrefix text={t('session.yourIdHint', { prefix: '\u0000' })} />}
          error={error('contactId') || undefined}
        >
          {(described) => (
            <input
              ref={inputs.contactId}
              id={`${id}-contact`}
              name="contactId"
              value={contactId}
              onChange={change('contactId')}
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              aria-invalid={!!problems.contactId}
              aria-describedby={described}
            />
          )}
        </Field>
        <Field id={`${id}-otp`} label={t('session.code')} error={error('otp') || undefined}>
          {(described) => (
            <input
              ref={inputs.otp}
              id={`${id}-otp`}
              name="otp"
              value={otp}
              onChange={change('otp')}
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              aria-invalid={!!problems.otp}
              aria-describedby={described}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          {t('session.continue')}
        </button>
        <p className="muted">{t('session.newLink')}</p>
        {children}
      </form>
      {newLink && <NewLinkForm t={t} lang={newLink.lang} chatBoxId={newLink.chatBoxId} />}
    </>
  );
}
