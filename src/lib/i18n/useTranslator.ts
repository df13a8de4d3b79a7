/** The translation function inside islands: the same translator as Astro pages, over the island's messages. */
import { useMemo } from 'react';
import type { Lang } from './languages.ts';
import type { Messages } from './schema.ts';
import { createTranslator, type Translate } from './translate.ts';

export function useTranslator(lang: Lang, messages: Messages): Translate {
  return useMemo(() => createTranslator(lang, messages), [lang, messages]);
}
