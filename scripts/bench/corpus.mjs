/**
 * Writes a realistic help-centre corpus for the benchmark: categories × articles × 25 languages of Markdown
 * with headings, lists, tables, code and links, each language in its own script. Deterministic for a seed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { words } from './words.mjs';

/** Mulberry32: a small seeded generator, so every run writes the same corpus. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function writer(lang, rand) {
  const { join: glue, list } = words[lang];
  const word = () => list[Math.floor(rand() * list.length)];
  const phrase = (n) => Array.from({ length: n }, word).join(glue);
  const stop = glue === '' ? (lang === 'th' ? ' ' : '。') : '. ';
  const sentence = () => {
    const text = phrase(6 + Math.floor(rand() * 10));
    return glue === ' ' ? text[0].toUpperCase() + text.slice(1) + stop : text + stop;
  };
  const paragraph = () =>
    Array.from({ length: 3 + Math.floor(rand() * 3) }, sentence)
      .join('')
      .trim();
  return { phrase, sentence, paragraph };
}

function article(lang, rand, { title, category, order, links }) {
  const w = writer(lang, rand);
  const sections = [];
  for (let s = 0; s < 4; s += 1) {
    const parts = [`## ${w.phrase(3)}`, w.paragraph(), w.paragraph()];
    if (s === 0) parts.push(Array.from({ length: 4 }, () => `- ${w.sentence().trim()}`).join('\n'));
    if (s === 1) {
      parts.push(
        `| ${w.phrase(1)} | ${w.phrase(1)} | ${w.phrase(1)} |\n|---|---|---|\n` +
          Array.from({ length: 4 }, () => `| ${w.phrase(2)} | ${w.phrase(2)} | ${Math.floor(rand() * 100)} |`).join('\n'),
      );
    }
    if (s === 2)
      parts.push('```sh\nnpm run foyer -- invite --email ana@example.com --lang ' + lang + '\n```', `### ${w.phrase(2)}`, w.paragraph());
    if (s === 3)
      parts.push(
        Array.from({ length: 3 }, (_, i) => `${i + 1}. ${w.sentence().trim()}`).join('\n'),
        links.map((l) => `[${w.phrase(2)}](${l})`).join(' · '),
      );
    sections.push(parts.join('\n\n'));
  }
  const month = String(1 + Math.floor(rand() * 11)).padStart(2, '0');
  return [
    '---',
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(w.sentence().trim().slice(0, 150))}`,
    `category: ${category}`,
    `order: ${order}`,
    `updated: 2026-${month}-15`,
    ...(order === 1 ? ['popular: true'] : []),
    '---',
    '',
    w.paragraph(),
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}

export function writeCorpus(dir, { categories = 8, articles = 10, languages = Object.keys(words), seed = 7 } = {}) {
  rmSync(dir, { recursive: true, force: true });
  const rand = random(seed);
  let count = 0;
  for (const lang of languages) {
    const w = writer(lang, rand);
    mkdirSync(join(dir, 'categories', lang), { recursive: true });
    mkdirSync(join(dir, 'articles', lang), { recursive: true });
    for (let c = 1; c <= categories; c += 1) {
      const category = `topic-${c}`;
      writeFileSync(
        join(dir, 'categories', lang, `${category}.md`),
        `---\ntitle: ${JSON.stringify(w.phrase(2))}\ndescription: ${JSON.stringify(w.sentence().trim().slice(0, 150))}\norder: ${c}\nicon: book\n---\n`,
      );
      for (let a = 1; a <= articles; a += 1) {
        const slug = `article-${c}-${a}`;
        const links = [
          `../../topic-${c}/articles/article-${c}-${(a % articles) + 1}`,
          `../../topic-${(c % categories) + 1}/articles/article-${(c % categories) + 1}-1`,
        ];
        writeFileSync(join(dir, 'articles', lang, `${slug}.md`), article(lang, rand, { title: w.phrase(4), category, order: a, links }));
        count += 1;
      }
    }
  }
  return count;
}
