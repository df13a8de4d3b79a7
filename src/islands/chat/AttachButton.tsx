/**
 * "Attach files": a real file input behind its label, styled as a button (the phone offers its camera and photos for
 * pictures). The chosen files go to the conversation, which keeps them until the message is sent.
 */
import { useId } from 'react';
import type { Translate } from '../../lib/i18n/translate.ts';

/** What the picker offers; the server decides by content whatever the picker let through. */
export const attachAccept = 'image/*,application/pdf,text/plain,.rtf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.zip';

export default function AttachButton({ t, add }: { t: Translate; add: (files: File[]) => void }) {
  const id = useId();
  return (
    <span className="chat-attach">
      <input
        id={id}
        type="file"
        multiple
        accept={attachAccept}
        className="sr-only"
        onChange={(event) => {
          add([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={id} className="button button-secondary">
        <span aria-hidden="true">📎 </span>
        {t('chat.files.attach')}
      </label>
    </span>
  );
}
