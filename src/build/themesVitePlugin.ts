/** Serves the generated theme CSS as `virtual:foyer/themes.css`, so the model in themes.ts is the only source. */
import type { Plugin } from 'vite';
import { themesCss } from '../lib/themes/css.ts';

const id = 'virtual:foyer/themes.css';
const resolved = `\0${id}`;

export function themesCssPlugin(): Plugin {
  return {
    name: 'foyer-themes-css',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (loaded) => (loaded === resolved ? themesCss() : undefined),
  };
}
