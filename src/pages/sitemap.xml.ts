/** The sitemap: every page in every language it is really written in, with its alternates. Fallback pages are left out. */
import type { APIRoute } from 'astro';
import { loadCatalog, type Versions } from '../lib/content/catalog.ts';
import { translatedLanguages } from '../lib/content/localize.ts';
import { isoDate } from '../lib/format.ts';
import { defaultLang, languages, type Lang } from '../lib/i18n/languages.ts';
import { absoluteUrl, paths } from '../lib/paths.ts';

interface Page {
  languages: readonly Lang[];
  path: (lang: Lang) => string;
  updated?: (lang: Lang) => Date | undefined;
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function urls(site: URL | undefined, page: Page): string[] {
  const alternates = [
    ...page.languages.map((lang) => [lang, page.path(lang)] as const),
    ['x-default', page.path(page.languages.includes(defaultLang) ? defaultLang : page.languages[0]!)] as const,
  ]
    .map(([hreflang, path]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escape(absoluteUrl(site, path))}"/>`)
    .join('');
  return page.languages.map((lang) => {
    const updated = page.updated?.(lang);
    const lastmod = updated ? `<lastmod>${isoDate(updated)}</lastmod>` : '';
    return `<url><loc>${escape(absoluteUrl(site, page.path(lang)))}</loc>${lastmod}${alternates}</url>`;
  });
}

function pagesOf<T>(
  versions: Map<string, Versions<T>>,
  path: (lang: Lang, slug: string, entry: T) => string,
  updated?: (entry: T) => Date,
) {
  return [...versions].map(([slug, byLang]) => {
    const english = byLang.get(defaultLang)!;
    return {
      languages: translatedLanguages(byLang),
      path: (lang: Lang) => path(lang, slug, english),
      ...(updated && { updated: (lang: Lang) => updated(byLang.get(lang) ?? english) }),
    } satisfies Page;
  });
}

export const GET: APIRoute = async ({ site }) => {
  const { categories, articles } = await loadCatalog();
  const pages: Page[] = [
    { languages, path: paths.home },
    ...pagesOf(categories, (lang, slug) => paths.category(lang, slug)),
    ...pagesOf(
      articles,
      (lang, slug, entry) => paths.article(lang, entry.data.category, slug),
      (entry) => entry.data.updated,
    ),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages.flatMap((page) => urls(site, page)),
    '</urlset>',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
