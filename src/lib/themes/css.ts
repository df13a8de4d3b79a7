/** Writes the themes' CSS from the model in themes.ts: token formulas per mode, then two numbers per theme. */
import { hues, modes, recipes, themeChroma } from './themes.ts';

const number = (n: number) => String(Number(n.toFixed(3))).replace(/^0\./, '.');

export function themesCss(): string {
  const formulas = modes.map((mode) => {
    const tokens = Object.entries(recipes[mode])
      .map(([token, { l, k }]) => `--${token}:oklch(${number(l)} calc(var(--c)*${number(k)}) var(--h))`)
      .join(';');
    return `[data-theme^=${mode}]{color-scheme:${mode};${tokens}}`;
  });
  const themes = hues.flatMap(({ id, hue }) =>
    modes.map((mode) => {
      const selector = mode === 'light' ? `[data-theme=light${id}],[data-swatch="${id}"]` : `[data-theme=dark${id}]`;
      return `${selector}{--h:${hue};--c:${number(themeChroma(id, mode))}}`;
    }),
  );
  return [...formulas, ...themes].join('\n');
}
