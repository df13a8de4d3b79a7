/**
 * Where a message is written: a labelled textarea; Enter sends, Shift+Enter breaks the line (and Enter while an
 * input method is composing does neither). Length is checked here first; a refusal shows as translated text. Staff
 * choose between a reply and an internal note (two radio buttons, so arrow keys move between them), and have a `tool`
 * over the text (their saved replies, chat/SavedReplyPicker.tsx), which sees the text and may take keys from it: its
 * code loads with the staff tools, so a contact's conversation carries only this hook.
 */
import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { messageTextMax } from '../../lib/api/constants.ts';
import type { TextCheck } from '../../lib/chat/messageText.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { useLazyModule } from '../useLazyModule.ts';
import AttachButton from './AttachButton.tsx';
import type { StagedFilesProps } from './StagedFiles.tsx';

/** What a tool over the composer's text gets (staff: their saved replies). */
export interface ComposerToolProps {
  text: string;
  /** Replaces the text (as if typed) and gives it the focus back. */
  setText: (text: string) => void;
  field: RefObject<HTMLTextAreaElement | null>;
  /** The tool's answer to a key pressed in the text: true when it took the key. */
  keys: RefObject<((key: string) => boolean) | undefined>;
}

interface Props {
  t: Translate;
  send: (text: string, options: { internal: boolean }) => TextCheck;
  /** Staff: offer "Internal note" beside "Reply". */
  notes?: boolean;
  onTyping: () => void;
  /** A translated error from the server about the last message (e.g. invalid_body). */
  serverError: string | undefined;
  /** Staff: a tool over the text (saved replies). */
  tool?: ((props: ComposerToolProps) => ReactNode) | undefined;
  /** The files chosen for the next message (the conversation keeps them, as they may also be dropped on it). */
  attach: Omit<StagedFilesProps, 't' | 'lang'> & { add: (files: File[]) => void; lang: Lang };
}

function problemText(t: Translate, check: TextCheck): string | undefined {
  if (check.ok || check.problem === 'empty') return undefined;
  return check.problem === 'tooLong' ? t('chat.tooLong', { count: check.over }) : t('apiError.invalid_body');
}

export default function Composer({ t, send, notes = false, onTyping, serverError, tool, attach }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const toolKeys = useRef<((key: string) => boolean) | undefined>(undefined);
  const field = useRef<HTMLTextAreaElement>(null);
  const shown = error ?? serverError;
  const StagedFiles = useLazyModule(attach.staged.length > 0, () => import('./StagedFiles.tsx'))?.default;
  const label = t(internal ? 'staffTools.noteLabel' : 'chat.composerLabel');

  function submit() {
    const check = send(text, { internal });
    if (check.ok) {
      setText('');
      setError(undefined);
    } else setError(problemText(t, check));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!event.nativeEvent.isComposing && toolKeys.current?.(event.key)) return event.preventDefault();
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  // A picture pasted (a screenshot) joins the files; pasted text goes in the text as usual.
  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = [...event.clipboardData.files];
    if (!files.length) return;
    attach.add(files);
    if (!event.clipboardData.getData('text/plain')) event.preventDefault();
  }

  function onChange(value: string) {
    setText(value);
    // A note is for colleagues: the contact is not told someone is typing.
    if (value.trim() && !internal) onTyping();
    // Say it as soon as it is too long, and take it back as soon as it fits.
    const over = [...value.trim()].length - messageTextMax;
    setError(over > 0 ? t('chat.tooLong', { count: over }) : undefined);
  }

  return (
    <form
      className={internal ? 'chat-composer chat-composer-note' : 'chat-composer'}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {notes && (
        <fieldset className="chat-mode">
          <legend className="sr-only">{t('staffTools.writeAs')}</legend>
          <label>
            <input type="radio" name={`${id}-mode`} checked={!internal} onChange={() => setInternal(false)} data-shortcut="reply" />{' '}
            {t('staffTools.reply')}
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={internal} onChange={() => setInternal(true)} data-shortcut="note" />{' '}
            {t('staffTools.internalNote')}
          </label>
        </fieldset>
      )}
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      {tool?.({
        text,
        setText(value) {
          onChange(value);
          field.current?.focus();
        },
        field,
        keys: toolKeys,
      })}
      {StagedFiles && <StagedFiles lang={attach.lang} t={t} staged={attach.staged} change={attach.change} />}
      <textarea
        ref={field}
        id={`${id}-text`}
        value={text}
        rows={2}
        dir="auto"
        placeholder={label}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <AttachButton t={t} add={attach.add} />
      <button type="submit" className="button">
        {t(internal ? 'staffTools.addNote' : 'chat.send')}
      </button>
      <p id={`${id}-hint`} className="chat-hint muted">
        {internal && `${t('staffTools.noteHint')} `}
        {t('chat.composerHint')}
        {tool && ` ${t('savedReplies.hint')}`}
      </p>
      {shown && (
        <p id={`${id}-error`} className="chat-error" role="alert">
          {shown}
        </p>
      )}
    </form>
  );
}
