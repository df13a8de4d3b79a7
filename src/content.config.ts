/** Help-centre content: categories and articles, one folder per language, the same slugs in every language. */
import { defineCollection } from 'astro:content';
import { markdownFrontmatter } from './build/contentLoader.ts';
import { articleSchema, categorySchema } from './lib/content/schema.ts';

// The benchmark builds a generated corpus from elsewhere; everyone else uses src/content.
const root = process.env.FOYER_CONTENT_DIR ?? './src/content';

export const collections = {
  categories: defineCollection({
    loader: markdownFrontmatter({ base: `${root}/categories` }),
    schema: categorySchema,
  }),
  articles: defineCollection({
    loader: markdownFrontmatter({ base: `${root}/articles` }),
    schema: articleSchema,
  }),
};
