/** Every article of every language with its title, for the server (server/helpCentre/articles.ts): `{lang: {"category/slug": title}}`. */
import type { APIRoute } from 'astro';
import { articlesIn } from '../lib/content/queries.ts';
import { languages } from '../lib/i18n/languages.ts';

export const GET: APIRoute = async () => {
  const index: Record<string, Record<string, string>> = {};
  for (const lang of languages) {
    index[lang] = Object.fromEntries(
      (await articlesIn(lang)).map((article) => [`${article.category}/${article.slug}`, article.entry.data.title]),
    );
  }
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } });
};
