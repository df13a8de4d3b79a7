/** The 15 colour themes, each light and dark (`light1`…`dark15`), and the colour tokens every theme fills in. */
import { maxChroma, type Oklch } from './colour.ts';

export type Mode = 'light' | 'dark';
export const modes: readonly Mode[] = ['light', 'dark'];

/**
 * Hue (OKLCH degrees) and the most colourful chroma each theme asks for; 14 is the grey default. Depth moves the
 * theme's colour tokens (link, accent, focus) away from the background (+) or towards it (−): neighbours on the hue
 * circle alternate, so blue, indigo and violet (which hue alone sets too close) stay distinct (themes.test.ts).
 */
export const hues = [
  { id: 1, hue: 27, chroma: 0.2, depth: 0 }, // red
  { id: 2, hue: 50, chroma: 0.17, depth: 0 }, // orange
  { id: 3, hue: 75, chroma: 0.15, depth: 0 }, // amber
  { id: 4, hue: 110, chroma: 0.12, depth: 0 }, // olive
  { id: 5, hue: 150, chroma: 0.16, depth: 0 }, // green
  { id: 6, hue: 180, chroma: 0.12, depth: 0 }, // teal
  { id: 7, hue: 208, chroma: 0.12, depth: -0.04 }, // cyan
  { id: 8, hue: 235, chroma: 0.14, depth: 0.05 }, // sky
  { id: 9, hue: 258, chroma: 0.2, depth: -0.05 }, // blue
  { id: 10, hue: 276, chroma: 0.2, depth: 0.05 }, // indigo
  { id: 11, hue: 296, chroma: 0.2, depth: -0.05 }, // violet
  { id: 12, hue: 318, chroma: 0.2, depth: 0.05 }, // purple
  { id: 13, hue: 350, chroma: 0.18, depth: 0 }, // pink
  { id: 14, hue: 250, chroma: 0.014, depth: 0 }, // grey
  { id: 15, hue: 55, chroma: 0.065, depth: 0 }, // brown
] as const;

export type ThemeId = (typeof hues)[number]['id'];

/** The media query for the system's dark preference, which the theme follows until the reader picks a brightness. */
export const systemDarkQuery = '(prefers-color-scheme: dark)';
export type ThemeName = `${Mode}${ThemeId}`;

export const defaultTheme: ThemeName = 'light14';
export const themeNames: ThemeName[] = modes.flatMap((mode) => hues.map(({ id }) => `${mode}${id}` as ThemeName));

/**
 * The theme a host page asks the widget for (`data-theme` on embed.js): `light` or `dark` (the default
 * colour), or one of the 30 names; anything else, `auto` included, leaves the widget following the visitor's system.
 */
export function embedTheme(value: string | null | undefined): ThemeName | undefined {
  if (value === 'light' || value === 'dark') return `${value}${parseTheme(defaultTheme).id}`;
  return isThemeName(value) ? value : undefined;
}

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (themeNames as string[]).includes(value);
}

export function parseTheme(name: ThemeName): { mode: Mode; id: ThemeId } {
  const mode: Mode = name.startsWith('dark') ? 'dark' : 'light';
  return { mode, id: Number(name.slice(mode.length)) as ThemeId };
}

/** A token's lightness, and how much of the theme's chroma it takes. */
interface Recipe {
  l: number;
  k: number;
}

export const tokenNames = [
  'bg',
  'surface',
  'surface-strong',
  'border',
  'control-border',
  'text',
  'text-muted',
  'link',
  'accent',
  'on-accent',
  'focus',
  'notice',
] as const;
export type Token = (typeof tokenNames)[number];

/** The tokens that carry the theme's colour, and with it the theme's depth. */
export const colourTokens: readonly Token[] = ['link', 'accent', 'focus'];

export const recipes: Record<Mode, Record<Token, Recipe>> = {
  light: {
    bg: { l: 0.988, k: 0.03 },
    surface: { l: 0.958, k: 0.1 },
    'surface-strong': { l: 0.925, k: 0.16 },
    border: { l: 0.87, k: 0.2 },
    'control-border': { l: 0.56, k: 0.3 },
    text: { l: 0.24, k: 0.25 },
    'text-muted': { l: 0.45, k: 0.25 },
    link: { l: 0.47, k: 1 },
    accent: { l: 0.48, k: 1 },
    'on-accent': { l: 0.995, k: 0 },
    focus: { l: 0.52, k: 1 },
    notice: { l: 0.94, k: 0.15 },
  },
  dark: {
    bg: { l: 0.2, k: 0.12 },
    surface: { l: 0.245, k: 0.14 },
    'surface-strong': { l: 0.3, k: 0.16 },
    border: { l: 0.37, k: 0.2 },
    'control-border': { l: 0.62, k: 0.3 },
    text: { l: 0.94, k: 0.08 },
    'text-muted': { l: 0.79, k: 0.14 },
    link: { l: 0.81, k: 0.75 },
    accent: { l: 0.8, k: 0.75 },
    'on-accent': { l: 0.2, k: 0.2 },
    focus: { l: 0.82, k: 0.75 },
    notice: { l: 0.3, k: 0.35 },
  },
};

/** A token's lightness in one theme: the recipe's, moved by the theme's depth for its colour tokens. */
export function tokenLightness(id: ThemeId, mode: Mode, token: Token): number {
  const { l } = recipes[mode][token];
  if (!colourTokens.includes(token)) return l;
  const { depth } = hues.find((h) => h.id === id)!;
  return mode === 'light' ? l - depth : l + depth;
}

/** The chroma a theme uses in one mode: what it asks for, lowered until every token fits in sRGB. */
export function themeChroma(id: ThemeId, mode: Mode): number {
  const { hue, chroma } = hues.find((h) => h.id === id)!;
  const fits = tokenNames
    .filter((token) => recipes[mode][token].k > 0)
    .map((token) => maxChroma(tokenLightness(id, mode, token), hue) / recipes[mode][token].k);
  return Math.floor(Math.min(chroma, ...fits) * 1000) / 1000;
}

export function tokenColour(name: ThemeName, token: Token): Oklch {
  const { mode, id } = parseTheme(name);
  const { hue } = hues.find((h) => h.id === id)!;
  return { l: tokenLightness(id, mode, token), c: themeChroma(id, mode) * recipes[mode][token].k, h: hue };
}
