/** A labelled form field with an optional hint and, when the server refused it, a translated error beside it. */
import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  /** Text, or text with an isolated id in it (islands/chat/CodeForm.tsx). */
  hint?: ReactNode;
  error?: ReactNode;
  /** The input, given the ids that describe it (hint and error) for aria-describedby. */
  children: (describedBy: string | undefined) => ReactNode;
}

export default function Field({ id, label, hint, error, children }: Props) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {children(described)}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </p>
  );
}
