/** The words a language's articles use (lib/search/vocabulary.ts), fetched by the search page for "did you mean". */
import type { APIRoute, GetStaticPaths, InferGetStaticParamsType } from 'astro';
import { readMarkdownBody } from '../../lib/content/markdown.ts';
import { articlesIn } from '../../lib/content/queries.ts';
import { languages } from '../../lib/i18n/languages.ts';
import { vocabulary } from '../../lib/search/vocabulary.ts';

export const getStaticPaths = (() => languages.map((lang) => ({ params: { lang } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const { lang } = params as InferGetStaticParamsType<typeof getStaticPaths>;
  const texts = await Promise.all(
    (await articlesIn(lang)).map(async ({ entry, textLang }) => ({
      lang: textLang,
      text: [entry.data.title, await readMarkdownBody(entry.filePath!)].join('\n'),
    })),
  );
  return new Response(JSON.stringify(vocabulary(texts)), { headers: { 'Content-Type': 'application/json' } });
};
