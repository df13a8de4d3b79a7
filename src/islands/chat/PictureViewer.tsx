/**
 * A conversation's pictures full size, in a modal dialog: Escape or the close button closes it and focus goes back
 * to the picture it was opened from; the arrow keys (and two buttons) move between the conversation's pictures, in
 * reading order (so in right-to-left pages the left arrow moves forward).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { FileVariant, MessageFile } from '../../lib/api/files.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

interface Props {
  t: Translate;
  pictures: readonly MessageFile[];
  /** The picture shown. */
  fileId: string;
  show: (fileId: string) => void;
  close: () => void;
  fileUrl: (fileId: string, variant: FileVariant) => string | undefined;
}

export default function PictureViewer({ t, pictures, fileId, show, close, fileUrl }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const index = Math.max(
    0,
    pictures.findIndex((picture) => picture.id === fileId),
  );
  const picture = pictures[index];

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    element.showModal();
    // The dialog would focus its first button ("Previous", or "Next" at the first picture); React's autoFocus is
    // only a focus() at mount, before showModal.
    closeButton.current?.focus();
    return () => {
      element.close();
      opener?.focus();
    };
  }, []);

  // "Next" pressed at the last but one picture is disabled with the focus on it, where no key reaches the dialog any
  // more: the focus goes to Close.
  useEffect(() => {
    const focused = document.activeElement;
    if (!dialog.current?.contains(focused) || (focused as HTMLButtonElement | null)?.disabled) closeButton.current?.focus();
  }, [index]);

  const move = (by: number) => {
    const next = pictures[index + by];
    if (next) show(next.id);
  };
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    move((event.key === 'ArrowRight') !== rtl ? 1 : -1);
    event.preventDefault();
  }

  if (!picture) return null;
  const label = picture.caption || picture.name;
  return (
    <dialog ref={dialog} className="picture-viewer" aria-label={t('chat.files.viewer')} onClose={close} onKeyDown={onKeyDown}>
      <div className="picture-viewer-bar">
        <p className="picture-viewer-position" aria-live="polite">
          {t('chat.files.position', { n: index + 1, total: pictures.length })}
        </p>
        <button type="button" className="button" onClick={() => move(-1)} disabled={index === 0}>
          {t('chat.files.previous')}
        </button>
        <button type="button" className="button" onClick={() => move(1)} disabled={index === pictures.length - 1}>
          {t('chat.files.next')}
        </button>
        <a className="button" href={fileUrl(picture.id, 'display')} download={picture.name}>
          {t('chat.files.download')}
        </a>
        <button type="button" className="button" onClick={close} ref={closeButton}>
          {t('chat.files.close')}
        </button>
      </div>
      <img src={fileUrl(picture.id, 'display')} alt={label} width={picture.width} height={picture.height} />
      {picture.caption && (
        <p className="picture-viewer-caption" dir="auto">
          {picture.caption}
        </p>
      )}
    </dialog>
  );
}
