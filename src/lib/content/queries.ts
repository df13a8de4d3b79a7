/** What pages ask of the help centre, already in the reader's language. */
import type { Lang } from '../i18n/languages.ts';
import { loadCatalog, type ArticleEntry, type CategoryEntry } from './catalog.ts';
import { localize, translatedLanguages, type Localized } from './localize.ts';

export interface CategoryView extends Localized<CategoryEntry> {
  slug: string;
  translations: Lang[];
}

export interface ArticleView extends Localized<ArticleEntry> {
  slug: string;
  category: string;
  translations: Lang[];
}

const byOrder = (a: { entry: { data: { order: number; title: string } } }, b: typeof a) =>
  a.entry.data.order - b.entry.data.order || a.entry.data.title.localeCompare(b.entry.data.title);

export async function categoriesIn(lang: Lang): Promise<CategoryView[]> {
  const { categories } = await loadCatalog();
  return [...categories]
    .map(([slug, versions]) => ({ slug, translations: translatedLanguages(versions), ...localize(versions, lang) }))
    .sort(byOrder);
}

export async function articlesIn(lang: Lang, category?: string): Promise<ArticleView[]> {
  const { articles } = await loadCatalog();
  return [...articles]
    .map(([slug, versions]) => {
      const view = localize(versions, lang);
      return { slug, category: view.entry.data.category, translations: translatedLanguages(versions), ...view };
    })
    .filter((article) => category === undefined || article.category === category)
    .sort(byOrder);
}

export async function popularArticlesIn(lang: Lang, limit = 6): Promise<ArticleView[]> {
  return (await articlesIn(lang)).filter((article) => article.entry.data.popular).slice(0, limit);
}
