import { describe, expect, it } from 'vitest';
import { contrastRatio, deltaE2000, inGamut, toLab } from './colour.ts';
import { themesCss } from './css.ts';
import { defaultTheme, embedTheme, hues, isThemeName, modes, themeNames, tokenColour, tokenNames, type Token } from './themes.ts';

// WCAG 2.2 AA: 4.5:1 for text (body, muted, links, button labels), 3:1 for UI parts (focus ring, field borders).
const pairs: [Token, Token, number][] = [
  ['text', 'bg', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'surface-strong', 4.5],
  ['text', 'notice', 4.5],
  ['text-muted', 'bg', 4.5],
  ['text-muted', 'surface', 4.5],
  ['link', 'bg', 4.5],
  ['link', 'surface', 4.5],
  ['link', 'notice', 4.5],
  ['on-accent', 'accent', 4.5],
  ['focus', 'bg', 3],
  ['focus', 'surface', 3],
  ['focus', 'surface-strong', 3],
  ['control-border', 'bg', 3],
  ['control-border', 'surface', 3],
  ['accent', 'bg', 3],
];

describe('themes', () => {
  it('are 15 pairs named light1…light15 and dark1…dark15, light14 by default', () => {
    expect(themeNames).toHaveLength(30);
    for (let id = 1; id <= 15; id += 1) {
      expect(isThemeName(`light${id}`)).toBe(true);
      expect(isThemeName(`dark${id}`)).toBe(true);
    }
    expect(isThemeName('light16')).toBe(false);
    expect(isThemeName('light0')).toBe(false);
    expect(defaultTheme).toBe('light14');
  });

  it('have grey as theme 14 and otherwise distinct hues', () => {
    const grey = hues.find((h) => h.id === 14)!;
    expect(grey.chroma).toBeLessThan(0.03);
    const coloured = hues
      .filter((h) => h.chroma >= 0.1)
      .map((h) => h.hue)
      .sort((a, b) => a - b);
    for (let i = 1; i < coloured.length; i += 1) expect(coloured[i]! - coloured[i - 1]!).toBeGreaterThanOrEqual(15);
  });

  // Readers pick a theme by its colour: no two accents may be closer than a clearly visible difference.
  it.each(modes)('have accent colours at least 10 apart (CIEDE2000) in %s mode', (mode) => {
    const accents = hues.map(({ id }) => ({ id, lab: toLab(tokenColour(`${mode}${id}`, 'accent')) }));
    const tooClose = accents.flatMap((first, i) =>
      accents
        .slice(i + 1)
        .map((second) => ({ pair: `${first.id} and ${second.id}`, difference: deltaE2000(first.lab, second.lab) }))
        .filter(({ difference }) => difference < 10),
    );
    expect(tooClose).toEqual([]);
  });

  describe.each(themeNames)('%s', (theme) => {
    it('paints every token inside sRGB, so browsers show what was tested', () => {
      for (const token of tokenNames) expect(inGamut(tokenColour(theme, token)), token).toBe(true);
    });

    it.each(pairs)('%s on %s reaches %d:1', (fore, back, minimum) => {
      expect(contrastRatio(tokenColour(theme, fore), tokenColour(theme, back))).toBeGreaterThanOrEqual(minimum);
    });
  });

  it('write one selector per theme and the token formulas into CSS', () => {
    const css = themesCss();
    for (const theme of themeNames) expect(css).toContain(`[data-theme=${theme}]`);
    expect(css).toContain('[data-theme^=dark]{color-scheme:dark;');
    expect(css).toContain('--accent:oklch(calc(.48 - var(--d))');
    expect(css).toContain('[data-theme=dark9]{--h:258;');
  });
});

describe('the theme a host page asks the widget for', () => {
  it('takes light, dark or a theme name, and leaves anything else to the visitor’s system', () => {
    expect(embedTheme('dark')).toBe('dark14');
    expect(embedTheme('light')).toBe('light14');
    expect(embedTheme('dark9')).toBe('dark9');
    for (const other of ['auto', 'dark16', 'DARK', '', null, undefined, 'light0']) expect(embedTheme(other)).toBeUndefined();
  });
});
