/**
 * The site as `npm run build` left it (dist/client), weighed the way the size budgets weigh it: each file gzip at
 * level 9 (what the build writes beside them is close), so a figure does not depend on what the server negotiates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const clientDir = join(import.meta.dirname, '../../dist/client');

/** A built file by its path on the site (`/_astro/Chat.abc.js`). */
export const builtFile = (path: string) => readFileSync(join(clientDir, decodeURIComponent(path)));

export const gzipped = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** Built files' gzip sizes together, with a line per file for a failure's message. */
export function weigh(paths: Iterable<string>): { total: number; summary: string } {
  const sizes = [...paths].map((path) => [path, gzipped(builtFile(path))] as const);
  return {
    total: sizes.reduce((sum, [, bytes]) => sum + bytes, 0),
    summary: sizes.map(([path, bytes]) => `${path} ${bytes} B`).join('\n'),
  };
}
