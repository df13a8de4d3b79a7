/**
 * A message's files: pictures inline at their size (their box reserved from the width and height the server gave,
 * so nothing jumps as they load), each a button that opens the viewer; other files a download link with name and
 * size. While a message waits, its files show with how much of each has gone up.
 */
import type { FileVariant, MessageFile } from '../../lib/api/files.ts';
import type { OutboxFile } from '../../lib/chat/outbox.ts';
import { fileSize } from '../../lib/format.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

/** Thumbnails show at most this wide (CSS pixels); their copy is 480 px, sharp on a 2× screen. */
const shownWidth = 240;

interface Props {
  lang: Lang;
  files: readonly MessageFile[];
  fileUrl: (fileId: string, variant: FileVariant) => string | undefined;
  openPicture: (fileId: string) => void;
}

export function MessageFiles({ lang, files, fileUrl, openPicture }: Props) {
  return (
    <ul className="chat-files" role="list">
      {files.map((file) => {
        const label = file.caption || file.name;
        if (file.width && file.height) {
          const scale = Math.min(1, shownWidth / file.width);
          const src = fileUrl(file.id, 'thumb');
          return (
            <li key={file.id} className="chat-picture">
              <button type="button" className="chat-picture-open" onClick={() => openPicture(file.id)} data-file-id={file.id}>
                {src ? (
                  <img src={src} alt={label} width={Math.round(file.width * scale)} height={Math.round(file.height * scale)} />
                ) : (
                  <span
                    className="chat-picture-wait"
                    style={{ inlineSize: file.width * scale, aspectRatio: `${file.width} / ${file.height}` }}
                  >
                    <span className="sr-only">{label}</span>
                  </span>
                )}
              </button>
              {file.caption && (
                <p className="chat-caption" dir="auto">
                  {file.caption}
                </p>
              )}
            </li>
          );
        }
        const href = fileUrl(file.id, 'original');
        return (
          <li key={file.id} className="chat-file">
            <a href={href} download={file.name} aria-disabled={href ? undefined : true}>
              <span aria-hidden="true">📎 </span>
              <bdi>{file.name}</bdi> <span className="muted">({fileSize(lang, file.size)})</span>
            </a>
            {file.caption && (
              <p className="chat-caption" dir="auto">
                {file.caption}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A waiting message's files: name, size and a progress bar each (the bar is labelled with the file's name), and the
 * progress said to screen readers in quarters (at every progress event they would hear nothing else).
 */
export function WaitingFiles({
  lang,
  t,
  files,
  uploads,
}: {
  lang: Lang;
  t: Translate;
  files: readonly OutboxFile[];
  uploads: Record<string, number>;
}) {
  const sentOf = (file: OutboxFile) => (file.id ? file.size : (uploads[file.key] ?? 0));
  const percent = new Intl.NumberFormat(intlLocale(lang), { style: 'percent' });
  const said = files
    .filter((file) => sentOf(file) > 0)
    .map((file) =>
      t('chat.files.uploaded', { name: file.name, percent: percent.format(Math.floor((sentOf(file) / (file.size || 1)) * 4) / 4) }),
    )
    .join(' ');
  return (
    <>
      <ul className="chat-files" role="list">
        {files.map((file) => {
          const sent = sentOf(file);
          return (
            <li key={file.key} className="chat-file">
              <span>
                <span aria-hidden="true">📎 </span>
                <bdi>{file.name}</bdi> <span className="muted">({fileSize(lang, file.size)})</span>
              </span>
              <progress max={file.size || 1} value={sent} aria-label={t('chat.files.uploading', { name: file.name })} />
            </li>
          );
        })}
      </ul>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </>
  );
}
