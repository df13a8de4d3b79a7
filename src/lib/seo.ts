/** Structured data (schema.org JSON-LD) and the alternates of pages. */
import type { Lang } from './i18n/languages.ts';
import { absoluteUrl } from './paths.ts';

/** A version of the page in another language (hreflang). */
export interface Alternate {
  lang: Lang;
  path: string;
}

export interface Crumb {
  name: string;
  path: string;
  /** The language the name is written in, when it is not the page's (a fallback title). */
  textLang?: Lang | undefined;
}

export function alternatesFor(languages: Lang[], path: (lang: Lang) => string): Alternate[] {
  return languages.map((lang) => ({ lang, path: path(lang) }));
}

export function breadcrumbJsonLd(site: URL | undefined, crumbs: Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}

export function articleJsonLd(
  site: URL | undefined,
  article: { title: string; description: string; updated: Date; lang: Lang; path: string; publisher: string },
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    dateModified: article.updated.toISOString(),
    inLanguage: article.lang,
    mainEntityOfPage: absoluteUrl(site, article.path),
    publisher: { '@type': 'Organization', name: article.publisher },
  };
}

export function websiteJsonLd(site: URL | undefined, name: string, lang: Lang, searchPath: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name,
    inLanguage: lang,
    url: absoluteUrl(site, `/${lang}`),
    potentialAction: {
      '@type': 'SearchAction',
      target: `${absoluteUrl(site, searchPath)}?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}
