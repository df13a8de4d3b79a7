import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Physical directions do not mirror in right-to-left pages; logical properties do.
const physical =
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right)\b|(?:^|[\s;{])(?:left|right)\s*:|text-align\s*:\s*(?:left|right)|float\s*:\s*(?:left|right)|clear\s*:\s*(?:left|right)|border-(?:top|bottom)-(?:left|right)-radius/m;

function styleSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return styleSources(path);
    return /\.(css|astro)$/.test(entry.name) ? [path] : [];
  });
}

describe('styles', () => {
  it.each(styleSources('src'))('%s uses logical properties only', (file) => {
    const text = readFileSync(file, 'utf8');
    const css = file.endsWith('.astro') ? [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n') : text;
    expect(css.match(physical)?.[0]).toBeUndefined();
  });
});
