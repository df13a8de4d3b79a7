/**
 * A refused form, sorted for the page: the fields a 400 `invalid_body` names (each shown next to its field, in the
 * page's words), and for anything else one error code to translate. The server's English is never shown.
 */
import { ApiRequestError } from '../http/client.ts';

export interface FormProblems<Field extends string> {
  fields: Partial<Record<Field, true>>;
  /** An error not about one of the form's fields: `apiError.{code}`. */
  code: string | undefined;
}

export function formProblems<Field extends string>(error: unknown, fields: readonly Field[]): FormProblems<Field> {
  if (!(error instanceof ApiRequestError)) return { fields: {}, code: 'unknown' };
  const named: Partial<Record<Field, true>> = {};
  for (const issue of error.issues) {
    const field = fields.find((name) => issue.path === name || issue.path.startsWith(`${name}.`));
    if (field) named[field] = true;
  }
  const someNamed = Object.keys(named).length > 0;
  return { fields: named, code: error.code === 'invalid_body' && someNamed ? undefined : error.code };
}

/** An error code in the page's words: its own `apiError.{code}` when there is one, else the generic line. */
export function apiErrorText(t: (key: never) => string, code: string): string {
  const key = `apiError.${code}`;
  const text = (t as (key: string) => string)(key);
  return text === key ? (t as (key: string) => string)('apiError.unknown') : text;
}
