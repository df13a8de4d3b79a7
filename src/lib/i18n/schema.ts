/** The one schema every locales/{lang}.json is parsed against; en.json is the reference. */
import { z } from 'zod';
import en from '../../../locales/en.json' with { type: 'json' };
import { intlLocale, type Lang } from './languages.ts';

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type StripPlural<K> = K extends `${infer Base}_${PluralCategory}` ? Base : K;

export type Messages = Record<string, string>;
/** A UI string's key; plural keys are named without their `_one`/`_other` suffix. */
export type MessageKey = StripPlural<keyof typeof en>;

const reference: Messages = en;
const pluralBases = new Set(
  Object.keys(reference)
    .filter((key) => pluralSuffix.test(key))
    .map((key) => key.replace(pluralSuffix, '')),
);
const singularKeys = Object.keys(reference).filter((key) => !pluralSuffix.test(key));

/** The plural forms a language needs, as Intl chooses them (lib/i18n/translate.ts). */
export function pluralCategories(lang: Lang): string[] {
  return new Intl.PluralRules(intlLocale(lang)).resolvedOptions().pluralCategories;
}

/** Every key a language's file must have: the singular keys and each plural key's forms for that language. */
export function requiredKeys(lang: Lang): string[] {
  const plurals = [...pluralBases].flatMap((base) => pluralCategories(lang).map((category) => `${base}_${category}`));
  return [...singularKeys, ...plurals];
}

export function placeholders(value: string): string[] {
  return [...value.matchAll(placeholder)].map((match) => match[1] ?? '').sort();
}

function referenceValue(key: string): string | undefined {
  return reference[key] ?? reference[`${key.replace(pluralSuffix, '')}_other`];
}

export function localeSchema(lang: Lang) {
  const shape = Object.fromEntries(requiredKeys(lang).map((key) => [key, z.string().trim().min(1, 'is empty')]));
  return z.strictObject(shape).superRefine((messages, ctx) => {
    for (const [key, value] of Object.entries(messages)) {
      const expected = placeholders(referenceValue(key) ?? '');
      const actual = placeholders(value);
      // Plural forms may leave out {{count}} ("one article" in words), never add or rename one.
      const allowed = pluralSuffix.test(key) ? expected : null;
      const ok = allowed
        ? actual.every((name) => allowed.includes(name)) && expected.filter((n) => n !== 'count').every((n) => actual.includes(n))
        : expected.join() === actual.join();
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `has placeholders {${actual.join(', ')}} but English has {${expected.join(', ')}}`,
        });
      }
      const braces = value.match(/\{\{|\}\}/g)?.length ?? 0;
      if (braces !== actual.length * 2) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'has a broken {{placeholder}}' });
      }
    }
  });
}

/** Parses one language's messages, or throws an error naming the file and every bad key. */
export function parseMessages(lang: Lang, data: unknown): Messages {
  const result = localeSchema(lang).safeParse(data);
  if (result.success) return result.data as Messages;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '(file)');
    return `  - ${key}: ${issue.code === 'unrecognized_keys' ? 'is not a key in en.json (remove it)' : issue.message}`;
  });
  throw new Error(
    `locales/${lang}.json does not match locales/en.json:\n${problems.join('\n')}\nFix the file: every key of en.json, translated, nothing else.`,
  );
}
