/** Every internal address is built here: exact-case language prefix, never a trailing slash. */
import { isLang, type Lang } from './i18n/languages.ts';

export const paths = {
  home: (lang: Lang) => `/${lang}`,
  category: (lang: Lang, category: string) => `/${lang}/categories/${category}`,
  article: (lang: Lang, category: string, article: string) => `/${lang}/categories/${category}/articles/${article}`,
  search: (lang: Lang) => `/${lang}/search`,
  login: (lang: Lang) => `/${lang}/login`,
  /** The login page signs out first (the header's "Sign out": help-centre pages never load Firebase themselves). */
  signOut: (lang: Lang) => `/${lang}/login?signout=1`,
  chat: (lang: Lang) => `/${lang}/chat`,
  chatBox: (lang: Lang, chatBoxId: string) => `/${lang}/chat/${chatBoxId}`,
  staff: (lang: Lang) => `/${lang}/staff`,
  helpCentreReport: (lang: Lang) => `/${lang}/staff/help-centre`,
  ratingsReport: (lang: Lang) => `/${lang}/staff/ratings`,
  /** The contacts directory, with a search and an open contact when given. */
  contacts: (lang: Lang, { query = '', contactId }: { query?: string; contactId?: string | undefined } = {}) => {
    const search = new URLSearchParams({ ...(query && { q: query }), ...(contactId && { contact: contactId }) }).toString();
    return `/${lang}/staff/contacts${search ? `?${search}` : ''}`;
  },
};

/** The same page in another language: swaps the language prefix, keeps the rest. */
export function pathInLanguage(pathname: string, lang: Lang): string {
  const [, first, ...rest] = pathname.split('/');
  const tail = isLang(first) ? rest : [first, ...rest].filter((part) => part !== undefined && part !== '');
  return [`/${lang}`, ...tail].join('/').replace(/\/+$/, '') || `/${lang}`;
}

export function absoluteUrl(site: URL | undefined, pathname: string): string {
  return new URL(pathname, site ?? 'http://localhost:4321').href;
}
