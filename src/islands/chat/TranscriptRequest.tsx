/**
 * "E-mail me this conversation" in the session line's menu: the server writes a copy (never the internal notes) to
 * the contact's address; the answer, or why not (rate_limited and the like), is said beside it in words.
 */
import { useState } from 'react';
import { createChatApi, type TokenGetter } from '../../lib/chat/chatApi.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { apiErrorKey } from '../../lib/i18n/apiErrorKey.ts';
import type { Messages } from '../../lib/i18n/schema.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

interface Props {
  t: Translate;
  messages: Messages;
  chatBoxId: string;
  getToken: TokenGetter;
}

export default function TranscriptRequest({ t, messages, chatBoxId, getToken }: Props) {
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  async function ask() {
    setBusy(true);
    setSaid('');
    try {
      await createChatApi(getToken).transcript(chatBoxId);
      setSaid(t('session.transcriptSent'));
    } catch (error) {
      setSaid(t(apiErrorKey(error instanceof ApiRequestError ? error.code : 'unknown', messages)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="link-button" disabled={busy} onClick={() => void ask()}>
        {t('session.transcript')}
      </button>
      <p className="session-menu-said" role="status">
        {said}
      </p>
    </>
  );
}
