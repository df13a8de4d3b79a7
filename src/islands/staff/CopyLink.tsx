/** A link shown read-only with a Copy button; "Copied" (or what went wrong) is announced in a live region. */
import { useId, useState } from 'react';
import type { Translate } from '../../lib/i18n/translate.ts';

export default function CopyLink({ t, link }: { t: Translate; link: string }) {
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <div className="copy-link">
      <p className="field">
        <label htmlFor={`${id}-link`}>{t('invite.link')}</label>
        <input id={`${id}-link`} readOnly value={link} dir="ltr" onFocus={(event) => event.currentTarget.select()} />
      </p>
      <button type="button" className="button" onClick={() => void copy()}>
        {t('invite.copy')}
      </button>
      <span role="status" className="copy-status">
        {state === 'copied' ? t('invite.copied') : state === 'failed' ? t('invite.copyFailed') : ''}
      </span>
    </div>
  );
}
