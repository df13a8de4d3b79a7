import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  articleProse,
  bannedVariants,
  foreignQuotes,
  localeProse,
  misquotedLabels,
  termKeys,
  type Glossary,
  type Prose,
} from './glossaryChecks.ts';

// Every language with a glossary file is checked; GLOSSARY_LANGS=de,ja narrows a run to some of them.
const only = process.env.GLOSSARY_LANGS?.split(',').map((lang) => lang.trim());
const glossaryLangs = readdirSync('locales/glossary')
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .filter((lang) => !only || only.includes(lang))
  .sort();

// Strings whose wording the product brief fixes, straight quotes included (the seed's 404 and error texts).
const fixedWording: Record<string, string[]> = { en: ['error.notFound', 'error.other'] };

function load(lang: string) {
  const glossary = JSON.parse(readFileSync(`locales/glossary/${lang}.json`, 'utf8')) as Glossary;
  const messages = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
  const ui: Prose[] = Object.entries(messages)
    .filter(([key]) => !fixedWording[lang]?.includes(key))
    .map(([key, value]) => localeProse(`${lang}.json ${key}`, value));
  const folder = `src/content/articles/${lang}`;
  const articles: Prose[] = existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => file.endsWith('.md'))
        .sort()
        .flatMap((file) => articleProse(`${lang}/${file}`, readFileSync(`${folder}/${file}`, 'utf8')))
    : [];
  return { glossary, messages, ui, articles };
}

describe('the glossary checks', () => {
  const glossary: Glossary = {
    register: '',
    quotes: { primary: ['„', '“'], secondary: ['‚', '‘'] },
    ellipsis: '…',
    terms: { conversation: { use: 'Unterhaltung', avoid: ['Gespräch'] } },
    avoidPatterns: [{ pattern: '\\bSie\\b', why: 'Sie' }],
  };

  it('finds banned variants in inflected forms, and patterns', () => {
    const prose = [{ where: 'a', text: 'Deine Gespräche und was Sie schreiben' }];
    expect(bannedVariants(glossary, prose)).toHaveLength(2);
  });

  it('finds other quotation marks, secondary marks outside a quotation and "..."', () => {
    const prose = (text: string) => [{ where: 'a', text }];
    expect(foreignQuotes(glossary, prose('Klicke auf „Senden“ und „Feld ‚X‘“ …'))).toEqual([]);
    expect(foreignQuotes(glossary, prose('Klicke auf “Senden”'))).toHaveLength(2);
    expect(foreignQuotes(glossary, prose('Klicke auf ‚Senden‘'))).toHaveLength(2);
    expect(foreignQuotes(glossary, prose('Warte...'))).toHaveLength(1);
  });

  it('reads articles without code, URLs and front-matter keys', () => {
    const source = '---\ntitle: "„A“"\n---\n\nText `"x"` [l](https://a.b/"c") and\n\n```\n"code"\n```\n';
    expect(articleProse('f.md', source).map(({ text }) => text.trim())).toEqual(['„A“', 'Text   [l] and']);
  });

  it('flags a quoted label that is close to a UI string but not it', () => {
    const messages = { a: 'Link erneut senden', b: 'Angemeldet als {{email}}.', c: 'Kontakt-ID' };
    const prose = (text: string) => [{ where: 'a', text }];
    const ok = 'Wähle **Link erneut senden**, dann steht dort „Angemeldet als ana@x.de“; die **neue Kontakt-ID** gilt.';
    expect(misquotedLabels(glossary, messages, prose(ok))).toEqual([]);
    expect(misquotedLabels(glossary, messages, prose('Wähle **Link neu senden**.'))).toHaveLength(1);
    expect(misquotedLabels(glossary, messages, prose('Wähle „Link erneut schicken“.'))).toHaveLength(1);
    expect(misquotedLabels(glossary, messages, prose('**Link neu senden.** Lead-ins are no labels'))).toEqual([]);
  });
});

describe.each(glossaryLangs)('glossary %s', (lang) => {
  const { glossary, messages, ui, articles } = load(lang);

  it('gives one rendering for every core term, the register, quotation marks and ellipsis', () => {
    expect(Object.keys(glossary.terms).sort()).toEqual([...termKeys].sort());
    for (const term of termKeys) expect(glossary.terms[term]!.use, term).not.toBe('');
    expect(glossary.register).not.toBe('');
    expect(glossary.quotes.primary).toHaveLength(2);
    expect(glossary.quotes.secondary).toHaveLength(2);
    expect(glossary.ellipsis).not.toBe('');
    for (const { pattern } of glossary.avoidPatterns) expect(() => new RegExp(pattern, 'u')).not.toThrow();
  });

  it('no UI string uses a banned variant or the wrong register', () => {
    expect(bannedVariants(glossary, ui)).toEqual([]);
  });

  it('no article uses a banned variant or the wrong register', () => {
    expect(bannedVariants(glossary, articles)).toEqual([]);
  });

  it('UI strings quote with the language’s marks', () => {
    expect(foreignQuotes(glossary, ui)).toEqual([]);
  });

  it('articles quote with the language’s marks', () => {
    expect(foreignQuotes(glossary, articles)).toEqual([]);
  });

  it('articles name UI labels as the UI does', () => {
    expect(misquotedLabels(glossary, messages, articles)).toEqual([]);
  });
});
