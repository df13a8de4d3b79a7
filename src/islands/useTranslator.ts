/** The translation function inside islands: the same translator as Astro pages, over the island's messages. */
import { useMemo } from 'react';
import type { Lang } from '../lib/i18n/languages.ts';
import type { Messages } from '../lib/i18n/schema.ts';
import { createTranslator, type Translate } from '../lib/i18n/translate.ts';

export function useTranslator(lang: Lang, messages: Messages): Translate {
  return useMemo(() => createTranslator(lang, messages), [lang, messages]);
}
