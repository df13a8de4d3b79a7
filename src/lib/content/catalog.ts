/** The help centre as one catalogue: every category and article by slug and language, checked once per build. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { defaultLang, isLang, type Lang } from '../i18n/languages.ts';
import { slugPattern } from './schema.ts';

export type CategoryEntry = CollectionEntry<'categories'>;
export type ArticleEntry = CollectionEntry<'articles'>;
export type Versions<T> = Map<Lang, T>;

export interface Catalog {
  categories: Map<string, Versions<CategoryEntry>>;
  articles: Map<string, Versions<ArticleEntry>>;
}

export class ContentError extends Error {
  constructor(entry: { id: string; filePath?: string | undefined }, problem: string) {
    super(`${entry.filePath ?? entry.id}: ${problem}`);
    this.name = 'ContentError';
  }
}

/** Splits an id `zh-Hans/getting-started` into its language and slug, or says what is wrong with the path. */
function languageAndSlug(entry: { id: string; filePath?: string | undefined }): [Lang, string] {
  const [lang, slug, ...rest] = entry.id.split('/');
  if (!isLang(lang) || !slug || rest.length) {
    throw new ContentError(entry, `the folder must be a language code (en, zh-Hans, pt-BR, …), found "${lang}"`);
  }
  if (!slugPattern.test(slug)) {
    throw new ContentError(entry, `the file name must be a lowercase slug like "getting-started.md", found "${slug}"`);
  }
  return [lang, slug];
}

function index<T extends { id: string; filePath?: string | undefined }>(entries: T[]): Map<string, Versions<T>> {
  const bySlug = new Map<string, Versions<T>>();
  for (const entry of entries) {
    const [lang, slug] = languageAndSlug(entry);
    const versions = bySlug.get(slug) ?? new Map<Lang, T>();
    versions.set(lang, entry);
    bySlug.set(slug, versions);
  }
  for (const [slug, versions] of bySlug) {
    if (!versions.has(defaultLang)) {
      const any = versions.values().next().value!;
      throw new ContentError(any, `there is no English original (${defaultLang}/${slug}.md); every slug must exist in English first`);
    }
  }
  return bySlug;
}

function check({ categories, articles }: Catalog) {
  for (const versions of articles.values()) {
    const category = versions.get(defaultLang)!.data.category;
    for (const entry of versions.values()) {
      if (!categories.has(entry.data.category)) {
        throw new ContentError(entry, `category "${entry.data.category}" does not exist; use one of: ${[...categories.keys()].join(', ')}`);
      }
      if (entry.data.category !== category) {
        throw new ContentError(entry, `category "${entry.data.category}" differs from the English original's "${category}"`);
      }
    }
  }
}

/** Indexes entries by slug and language, or throws a ContentError naming the file that breaks a rule. */
export function buildCatalog(categories: CategoryEntry[], articles: ArticleEntry[]): Catalog {
  const catalog = { categories: index(categories), articles: index(articles) };
  check(catalog);
  return catalog;
}

let loaded: Promise<Catalog> | undefined;

export function loadCatalog(): Promise<Catalog> {
  loaded ??= (async () => buildCatalog(await getCollection('categories'), await getCollection('articles')))();
  return loaded;
}
