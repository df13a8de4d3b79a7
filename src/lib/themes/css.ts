/** Writes the themes' CSS from the model in themes.ts: token formulas per mode, then three numbers per theme. */
import { colourTokens, hues, modes, recipes, themeChroma, type Token } from './themes.ts';

const number = (n: number) => String(Number(n.toFixed(3))).replace(/^0\./, '.');

export function themesCss(): string {
  const formulas = modes.map((mode) => {
    // Colour tokens add the theme's depth (--d) to their lightness: minus in light mode, plus in dark.
    const lightness = (token: Token, l: number) =>
      colourTokens.includes(token) ? `calc(${number(l)} ${mode === 'light' ? '-' : '+'} var(--d))` : number(l);
    const tokens = (Object.entries(recipes[mode]) as [Token, { l: number; k: number }][])
      .map(([token, { l, k }]) => `--${token}:oklch(${lightness(token, l)} calc(var(--c)*${number(k)}) var(--h))`)
      .join(';');
    return `[data-theme^=${mode}]{color-scheme:${mode};${tokens}}`;
  });
  const themes = hues.flatMap(({ id, hue, depth }) =>
    modes.map((mode) => {
      const selector = mode === 'light' ? `[data-theme=light${id}],[data-swatch="${id}"]` : `[data-theme=dark${id}]`;
      return `${selector}{--h:${hue};--c:${number(themeChroma(id, mode))};--d:${number(depth)}}`;
    }),
  );
  return [...formulas, ...themes].join('\n');
}
