/**
 * The files chosen for the next message, before it goes: each with a thumbnail (pictures), its name and size, a
 * caption field and a remove button, all labelled with the file's name. Loaded once a file is chosen.
 */
import { useEffect, useId, useMemo } from 'react';
import { attachmentLimits } from '../../lib/api/constants.ts';
import type { StagedFile } from '../../flows/chat/conversationFiles.ts';
import { fileSize } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

export interface StagedFilesProps {
  lang: Lang;
  t: Translate;
  staged: readonly StagedFile[];
  /** Replaces the list (a caption typed, a file removed). */
  change: (staged: StagedFile[]) => void;
}

function Thumbnail({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url ? (
    <img className="staged-thumb" src={url} alt="" />
  ) : (
    <span className="staged-thumb" aria-hidden="true">
      📎
    </span>
  );
}

export default function StagedFiles({ lang, t, staged, change }: StagedFilesProps) {
  const id = useId();
  if (!staged.length) return null;
  return (
    <ul className="staged-files" aria-label={t('chat.files.staged')}>
      {staged.map((item, index) => (
        <li key={`${item.file.name}-${item.file.lastModified}-${index}`} className="staged-file">
          <Thumbnail file={item.file} />
          <span className="staged-name">
            <bdi>{item.file.name}</bdi> <span className="muted">({fileSize(lang, item.file.size)})</span>
          </span>
          <label className="sr-only" htmlFor={`${id}-${index}`}>
            {t('chat.files.caption', { name: item.file.name })}
          </label>
          <input
            id={`${id}-${index}`}
            type="text"
            dir="auto"
            maxLength={attachmentLimits.captionMax}
            placeholder={t('chat.files.captionPlaceholder')}
            value={item.caption}
            onChange={(event) =>
              change(staged.map((other, at) => (at === index ? { ...other, caption: event.currentTarget.value } : other)))
            }
          />
          <button
            type="button"
            className="link-button"
            aria-label={t('chat.files.remove', { name: item.file.name })}
            onClick={() => change(staged.filter((_, at) => at !== index))}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
