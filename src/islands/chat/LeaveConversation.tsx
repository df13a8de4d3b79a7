/**
 * The session line's menu (with what the page adds to it, such as "E-mail me this conversation") and in it "Leave
 * this conversation on this device", out of the way and asked first: a native
 * modal dialog says what leaving means (this device forgets who they are; the conversation stays; the way back is
 * a new link or a code) with "Stay" focused, so Enter or Escape changes nothing.
 */
import { useId, useRef, type ReactNode } from 'react';
import type { Translate } from '../../lib/i18n/translate.ts';

interface Props {
  t: Translate;
  onLeave: () => void;
  /** Items before "Leave". */
  children?: ReactNode;
  /** The menu opened (what it holds may load then). */
  onOpen?: () => void;
}

export default function LeaveConversation({ t, onLeave, children, onOpen }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  function ask() {
    dialog.current?.showModal();
    // "Stay" first, so Enter or Escape changes nothing (React's autoFocus acts on mount, not on showModal).
    stay.current?.focus();
  }
  return (
    <details className="session-menu" ref={menu} onToggle={(event) => event.currentTarget.open && onOpen?.()}>
      <summary className="button secondary">{t('session.menu')}</summary>
      <div className="session-menu-items">
        {children}
        <button type="button" className="link-button" onClick={ask}>
          {t('session.signOut')}
        </button>
      </div>
      <dialog
        ref={dialog}
        className="modal-dialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-what`}
        onClose={() => menu.current?.querySelector('summary')?.focus()}
      >
        <h2 id={`${id}-title`}>{t('session.leave.title')}</h2>
        <p id={`${id}-what`}>{t('session.leave.what')}</p>
        <div className="actions">
          <button type="button" className="button" ref={stay} onClick={() => dialog.current?.close()}>
            {t('session.leave.stay')}
          </button>
          <button type="button" className="button secondary" onClick={onLeave}>
            {t('session.leave.confirm')}
          </button>
        </div>
      </dialog>
    </details>
  );
}
