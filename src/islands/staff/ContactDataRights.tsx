/**
 * A contact's data rights, for admins only (agents see nothing): "Export for the contact" downloads everything stored
 * about the contact but internal notes, with their conversations' files, as contact-{id}.zip, the copy to hand over; "Export with internal notes" the
 * team's copy; "Erase contact" opens a dialog that asks for the contact's e-mail, typed, first.
 * Mount it wherever staff see a contact: `<ContactDataRights contactId email lang t getToken />`.
 */
import { useStore } from '@nanostores/react';
import { useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { TokenGetter } from '../../lib/chat/chatApi.ts';
import type { ExportAudience } from '../../lib/api/contacts.ts';
import { exportFileName } from '../../lib/api/constants.ts';
import { downloadBlob } from '../../lib/contacts/download.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import { createStaffApi } from '../../lib/staff/staffApi.ts';
import { $organizationUser } from '../../stores/staffAuth.ts';
import Field from './Field.tsx';

interface Props {
  contactId: string;
  email: string;
  lang: Lang;
  t: Translate;
  getToken: TokenGetter;
  /** After an erasure, with what was erased in words, e.g. to leave a view of the contact that is gone and say so. */
  onErased?: (said: string) => void;
}

const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.code : 'unknown');

export default function ContactDataRights({ contactId, email, t, getToken, onErased }: Props) {
  const id = useId();
  const member = useStore($organizationUser);
  const api = useMemo(() => createStaffApi(getToken), [getToken]);
  const dialog = useRef<HTMLDialogElement>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);

  if (member?.role !== 'admin') return null;

  async function exportData(audience: ExportAudience) {
    setProblem(undefined);
    setStatus('');
    try {
      downloadBlob(exportFileName(contactId, audience), await api.exportContact(contactId, audience));
      setStatus(t(audience === 'team' ? 'dataRights.exportedWithNotes' : 'dataRights.exportedForContact'));
    } catch (error) {
      setProblem(codeOf(error));
    }
  }

  function openErase() {
    setTyped('');
    setMismatch(false);
    setProblem(undefined);
    dialog.current?.showModal();
  }

  async function erase(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const erased = await api.eraseContact(contactId, typed.trim());
      dialog.current?.close();
      const said = t('dataRights.erased', { chatBoxes: erased.chatBoxes, messages: erased.messages });
      setStatus(said);
      onErased?.(said);
    } catch (error) {
      if (codeOf(error) === 'confirmation_mismatch') setMismatch(true);
      else {
        dialog.current?.close();
        setProblem(codeOf(error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="data-rights">
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => void exportData('contact')}>
          {t('dataRights.exportForContact')}
        </button>
        <button type="button" className="button secondary" onClick={() => void exportData('team')}>
          {t('dataRights.exportWithNotes')}
        </button>
        {/* Not the strongest control here: it only opens the dialog, whose confirm button is. */}
        <button type="button" className="button secondary" onClick={openErase}>
          {t('dataRights.erase')}
        </button>
      </div>
      <p role="status" className="muted">
        {status}
      </p>
      {problem && (
        <p className="notice" role="alert">
          {apiErrorText(t, problem)}
        </p>
      )}
      <dialog ref={dialog} className="modal-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-warning`}>
        <h2 id={`${id}-title`}>{t('dataRights.eraseTitle')}</h2>
        <p id={`${id}-warning`}>{t('dataRights.eraseWarning')}</p>
        <form onSubmit={(event) => void erase(event)} noValidate>
          <Field
            id={`${id}-confirm`}
            label={t('dataRights.confirmEmail', { email })}
            error={mismatch ? t('apiError.confirmation_mismatch') : undefined}
          >
            {(described) => (
              <input
                id={`${id}-confirm`}
                type="email"
                autoComplete="off"
                spellCheck={false}
                dir="ltr"
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                aria-invalid={mismatch}
                aria-describedby={described}
                required
              />
            )}
          </Field>
          <div className="actions">
            <button type="submit" className="button danger" disabled={busy || !typed.trim()}>
              {t('dataRights.eraseConfirm')}
            </button>
            <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
              {t('dataRights.cancel')}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
