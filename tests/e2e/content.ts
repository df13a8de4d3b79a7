/** What the demo help centre holds, read from src/content, so tests pick real pages instead of hard-coding them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The content the site under test was built from (the benchmark and some checks build another folder).
const root = process.env.FOYER_CONTENT_DIR ?? join(import.meta.dirname, '../../src/content');

export interface ArticleFile {
  slug: string;
  category: string;
  title: string;
  languages: string[];
}

function frontmatter(file: string, field: string): string {
  const match = readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s*(.+)$`, 'm'));
  return (match?.[1] ?? '').trim().replace(/^["']|["']$/g, '');
}

function slugsIn(kind: 'articles' | 'categories', lang: string): string[] {
  try {
    return readdirSync(join(root, kind, lang))
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.slice(0, -3));
  } catch {
    return [];
  }
}

const languageFolders = readdirSync(join(root, 'articles'));

export const articles: ArticleFile[] = slugsIn('articles', 'en')
  .sort()
  .map((slug) => ({
    slug,
    category: frontmatter(join(root, 'articles', 'en', `${slug}.md`), 'category'),
    title: frontmatter(join(root, 'articles', 'en', `${slug}.md`), 'title'),
    languages: languageFolders.filter((lang) => slugsIn('articles', lang).includes(slug)),
  }));

export function titleOf(lang: string, slug: string): string {
  return frontmatter(join(root, 'articles', lang, `${slug}.md`), 'title');
}

/** How many second- and third-level headings the article has in this language ("On this page" lists them). */
export function sectionCount(lang: string, slug: string): number {
  return readFileSync(join(root, 'articles', lang, `${slug}.md`), 'utf8').match(/^#{2,3} /gm)?.length ?? 0;
}

/** The topics, each with the languages it is written in. */
export const categories = slugsIn('categories', 'en').map((slug) => ({
  slug,
  languages: readdirSync(join(root, 'categories')).filter((lang) => slugsIn('categories', lang).includes(slug)),
}));

export function articlePath(lang: string, article: ArticleFile): string {
  return `/${lang}/categories/${article.category}/articles/${article.slug}`;
}

/** An article written in all of these languages. */
export function articleIn(...langs: string[]): ArticleFile {
  const found = articles.find((article) => langs.every((lang) => article.languages.includes(lang)));
  if (!found) throw new Error(`The demo content has no article in all of ${langs.join(', ')}`);
  return found;
}

/** An article with no translation in this language (so it is shown from a fallback). */
export function articleMissingIn(lang: string): ArticleFile {
  const found = articles.find((article) => !article.languages.includes(lang));
  if (!found) throw new Error(`Every demo article is translated into ${lang}`);
  return found;
}

/** A UI string with its {{placeholders}} filled, as the page's translator fills them (no plural choice). */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

export function messages(lang: string): Record<string, string> {
  return JSON.parse(readFileSync(join(import.meta.dirname, `../../locales/${lang}.json`), 'utf8'));
}
