/** The 25 languages of Foyer, in the seed's order: request bodies name them (what pages need about each: i18n/). */

export const languages = [
  'en',
  'zh-Hans',
  'zh-Hant',
  'ja',
  'ko',
  'it',
  'fr',
  'pt',
  'pt-BR',
  'de',
  'es',
  'ru',
  'sv',
  'id',
  'th',
  'ar',
  'he',
  'vi',
  'tr',
  'nl',
  'el',
  'pl',
  'da',
  'fi',
  'no',
] as const;

export type Lang = (typeof languages)[number];
