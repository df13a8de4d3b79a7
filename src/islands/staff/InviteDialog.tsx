/**
 * "Invite a contact": a button and a modal dialog (the native <dialog>: it traps focus, Escape closes it, and focus
 * goes back to the button). It creates the same invitation as `npm run foyer -- invite` — a new chat box, a new
 * code for an existing one (the old code dies), or a page-session link — and shows the link with a copy button.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import type { Invitation } from '../../lib/api/invitations.ts';
import { endonyms, intlLocale, languages, type Lang } from '../../lib/i18n/languages.ts';
import type { MessageKey } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText, formProblems, type FormProblems } from '../../lib/staff/fieldIssues.ts';
import { invitationBody, inviteFields, inviteTargets, type InviteForm } from '../../lib/staff/invitationForm.ts';
import type { StaffApi } from '../../lib/staff/staffApi.ts';
import CopyLink from './CopyLink.tsx';
import Field from './Field.tsx';

type InviteField = (typeof inviteFields)[number];

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffApi;
  /** The server sends e-mail: "Send the link by e-mail" is offered, and on. */
  mailEnabled: boolean;
}

const noProblems: FormProblems<InviteField> = { fields: {}, code: undefined };
// A chat box that is unknown or another contact's is a problem of the id field, not of the whole form.
const chatBoxCodes = new Set(['not_found', 'out_of_scope', 'conflict']);

export default function InviteDialog({ lang, t, api, mailEnabled }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const fresh: InviteForm = { email: '', name: '', lang, target: 'newChatBox', chatBoxId: '', sendEmail: mailEnabled };
  const [form, setForm] = useState<InviteForm>(fresh);
  const [problems, setProblems] = useState(noProblems);
  const [busy, setBusy] = useState(false);
  const [invitation, setInvitation] = useState<Invitation | undefined>(undefined);

  const set = (field: keyof InviteForm) => (event: { currentTarget: { value: string } }) =>
    setForm({ ...form, [field]: event.currentTarget.value });

  function open() {
    setForm(fresh);
    setProblems(noProblems);
    setInvitation(undefined);
    dialog.current?.showModal();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      setInvitation(await api.invite(invitationBody(form)));
      setProblems(noProblems);
    } catch (error) {
      const found = formProblems(error, inviteFields);
      if (form.target === 'chatBox' && found.code && chatBoxCodes.has(found.code))
        setProblems({ fields: { chatBoxId: true }, code: undefined });
      else setProblems(found);
    } finally {
      setBusy(false);
    }
  }

  const field = (
    name: InviteField,
    label: MessageKey,
    error: MessageKey,
    input: (described: string | undefined) => React.ReactNode,
    hint?: MessageKey,
  ) => (
    <Field id={`${id}-${name}`} label={t(label)} error={problems.fields[name] ? t(error) : undefined} hint={hint && t(hint)}>
      {input}
    </Field>
  );

  const expires =
    invitation &&
    new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(invitation.expiresAt));
  return (
    <>
      <button ref={opener} type="button" className="button" onClick={open}>
        {t('invite.open')}
      </button>
      <dialog ref={dialog} className="modal-dialog" aria-labelledby={`${id}-title`} onClose={() => opener.current?.focus()}>
        <h2 id={`${id}-title`}>{t('invite.title')}</h2>
        {invitation ? (
          <div className="invite-result">
            <CopyLink t={t} link={invitation.link} />
            <p className="muted">
              {invitation.contactCreated && `${t('invite.contactCreated')} `}
              {t('invite.expires', { time: expires ?? '' })}
            </p>
            {invitation.emailed && <p role="status">{t('invite.emailQueued', { email: form.email.trim() })}</p>}
            <div className="actions">
              <button type="button" className="button secondary" onClick={open}>
                {t('invite.another')}
              </button>
              <button type="button" className="button" onClick={() => dialog.current?.close()}>
                {t('invite.close')}
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            {problems.code && (
              <p className="notice" role="alert">
                {apiErrorText(t, problems.code)}
              </p>
            )}
            {field('email', 'invite.email', 'invite.error.email', (described) => (
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="off"
                spellCheck={false}
                value={form.email}
                onChange={set('email')}
                aria-invalid={!!problems.fields.email}
                aria-describedby={described}
                required
              />
            ))}
            {field('name', 'invite.name', 'invite.error.name', (described) => (
              <input
                id={`${id}-name`}
                autoComplete="off"
                dir="auto"
                value={form.name}
                onChange={set('name')}
                aria-invalid={!!problems.fields.name}
                aria-describedby={described}
              />
            ))}
            {field('lang', 'invite.lang', 'invite.error.lang', (described) => (
              <select
                id={`${id}-lang`}
                value={form.lang}
                onChange={set('lang')}
                aria-invalid={!!problems.fields.lang}
                aria-describedby={described}
              >
                {languages.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {endonyms[code]}
                  </option>
                ))}
              </select>
            ))}
            <fieldset className="invite-targets">
              <legend>{t('invite.target')}</legend>
              {inviteTargets.map((target) => (
                <label key={target}>
                  <input type="radio" name={`${id}-target`} value={target} checked={form.target === target} onChange={set('target')} />
                  <span>{t(`invite.target.${target}`)}</span>
                </label>
              ))}
            </fieldset>
            {form.target === 'chatBox' &&
              field(
                'chatBoxId',
                'invite.chatBoxId',
                'invite.error.chatBoxId',
                (described) => (
                  <input
                    id={`${id}-chatBoxId`}
                    autoComplete="off"
                    spellCheck={false}
                    dir="ltr"
                    value={form.chatBoxId}
                    onChange={set('chatBoxId')}
                    aria-invalid={!!problems.fields.chatBoxId}
                    aria-describedby={described}
                    required
                  />
                ),
                'invite.chatBoxIdHint',
              )}
            {mailEnabled && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={form.sendEmail}
                  onChange={(event) => setForm({ ...form, sendEmail: event.currentTarget.checked })}
                />
                <span>{t('invite.sendEmail')}</span>
              </label>
            )}
            <div className="actions">
              <button type="submit" className="button" disabled={busy}>
                {t(busy ? 'invite.creating' : 'invite.create')}
              </button>
              <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
                {t('invite.close')}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
