/**
 * Checks help-centre Markdown without a build: frontmatter against the schema, an English original with the
 * same topic for every translation, and relative links that land on an existing article.
 * Usage: node scripts/check-content.mjs [lang …]   (all languages when none is given)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parseFrontmatter } from 'astro/markdown';
import { articleSchema, categorySchema } from '../src/lib/content/schema.ts';

const root = process.env.FOYER_CONTENT_DIR ?? 'src/content';
const wanted = process.argv.slice(2);
const problems = [];
const folders = (kind) => readdirSync(join(root, kind)).filter((lang) => !wanted.length || wanted.includes(lang) || lang === 'en');
const read = (kind, lang, slug) => parseFrontmatter(readFileSync(join(root, kind, lang, `${slug}.md`), 'utf8'));
const slugs = (kind, lang) =>
  existsSync(join(root, kind, lang))
    ? readdirSync(join(root, kind, lang))
        .filter((f) => f.endsWith('.md'))
        .map((f) => f.slice(0, -3))
    : [];

for (const [kind, schema] of [
  ['categories', categorySchema],
  ['articles', articleSchema],
]) {
  for (const lang of folders(kind)) {
    for (const slug of slugs(kind, lang)) {
      const file = join(root, kind, lang, `${slug}.md`);
      let parsed;
      try {
        parsed = read(kind, lang, slug);
      } catch (error) {
        problems.push(`${file}: the frontmatter is not valid YAML (${error.message.split('\n')[0]})`);
        continue;
      }
      const result = schema.safeParse(parsed.frontmatter);
      if (!result.success) for (const issue of result.error.issues) problems.push(`${file}: ${issue.path.join('.')} ${issue.message}`);
      if (!existsSync(join(root, kind, 'en', `${slug}.md`))) problems.push(`${file}: there is no English original`);
      else if (kind === 'articles' && lang !== 'en' && result.success) {
        const original = read(kind, 'en', slug).frontmatter;
        if (original.category !== parsed.frontmatter.category)
          problems.push(`${file}: category differs from the English original's "${original.category}"`);
      }
      if (kind !== 'articles') continue;
      const here = `/${lang}/categories/${parsed.frontmatter.category}/articles/${slug}`;
      for (const [, target] of parsed.content.matchAll(/\]\((\.[^)\s]+)\)/g)) {
        const resolved = posix.join(posix.dirname(here), target.split('#')[0]);
        const match = resolved.match(/^\/[^/]+\/categories\/([^/]+)\/articles\/([^/]+)$/);
        const exists =
          match &&
          existsSync(join(root, 'articles', 'en', `${match[2]}.md`)) &&
          read('articles', 'en', match[2]).frontmatter.category === match[1];
        if (!exists) problems.push(`${file}: the link ${target} leads nowhere (${resolved})`);
      }
    }
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`Content is fine${wanted.length ? ` for ${wanted.join(', ')}` : ''}.`);
