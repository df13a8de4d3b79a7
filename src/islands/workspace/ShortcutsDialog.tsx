/**
 * The workspace's keyboard shortcuts, listed from the one table that drives them (lib/staff/shortcuts.ts), in a
 * native modal dialog: it traps focus, Escape closes it, and focus goes back to what opened it. Opened by its
 * button or by `?`.
 */
import { useId, useImperativeHandle, useRef, type Ref } from 'react';
import type { Translate } from '../../lib/i18n/translate.ts';
import { workspaceShortcuts } from '../../lib/staff/shortcuts.ts';

export interface ShortcutsDialogHandle {
  open(): void;
}

export default function ShortcutsDialog({ t, ref }: { t: Translate; ref?: Ref<ShortcutsDialogHandle> }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = () => {
    opener.current = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
  };
  useImperativeHandle(ref, () => ({ open }));

  return (
    <>
      <button type="button" className="button secondary workspace-shortcuts" aria-keyshortcuts="Shift+?" onClick={open}>
        {t('shortcuts.title')}
      </button>
      <dialog ref={dialog} className="modal-dialog" aria-labelledby={`${id}-title`} onClose={() => opener.current?.focus()}>
        <h2 id={`${id}-title`}>{t('shortcuts.title')}</h2>
        <p className="muted">{t('shortcuts.intro')}</p>
        <dl className="shortcut-list">
          {workspaceShortcuts.map((shortcut) => (
            <div key={shortcut.label}>
              <dt>
                {shortcut.keys.map((key) => (
                  <kbd key={key} dir="ltr">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{t(shortcut.label)}</dd>
            </div>
          ))}
        </dl>
        <div className="actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {t('shortcuts.close')}
          </button>
        </div>
      </dialog>
    </>
  );
}
