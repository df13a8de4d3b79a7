/**
 * Static files as the build compressed them (scripts/compress.mjs): the Brotli or gzip copy the client's
 * Accept-Encoding prefers, sent by `send` from the copy itself, so each encoding has its own length, ETag and byte
 * ranges. Anything else (no copy, a client that takes none) goes on to the site's own handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentType } from 'mime-types';
import Negotiator from 'negotiator';
import send from 'send';
import { globSync } from 'tinyglobby';

const extensionOf = { br: 'br', gzip: 'gz' } as const;
type Encoding = keyof typeof extensionOf;
const encodings = Object.keys(extensionOf) as Encoding[];

/**
 * Serves the request from a compressed copy and returns true, or returns false (having added `Vary`, when the file
 * has copies) for the caller to serve it as it is.
 */
export type PrecompressedHandler = (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;

/** The files that have copies, by encoding, found once at start (the build does not change under a running server). */
function copiesIn(clientDir: string): Record<Encoding, Set<string>> {
  const found = { br: new Set<string>(), gzip: new Set<string>() };
  for (const file of globSync('**/*.{br,gz}', { cwd: clientDir })) {
    const encoding = file.endsWith('.br') ? 'br' : 'gzip';
    found[encoding].add(`/${file.slice(0, file.lastIndexOf('.'))}`);
  }
  return found;
}

/** The built file a path names, the way the site's handler finds it: the file itself, or a page's index.html. */
function fileFor(pathname: string, has: (file: string) => boolean): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.endsWith('/') && path !== '/') return undefined;
  if (has(path)) return path;
  const page = `${path === '/' ? '' : path}/index.html`;
  return has(page) ? page : undefined;
}

export function precompressedFiles(clientDir: string, assetsDir = '_astro'): PrecompressedHandler {
  const copies = copiesIn(clientDir);
  const has = (file: string) => copies.br.has(file) || copies.gzip.has(file);
  return (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const file = fileFor(pathname, has);
    if (!file) return false;
    res.setHeader('Vary', 'Accept-Encoding');
    const available = encodings.filter((encoding) => copies[encoding].has(file));
    // Brotli first when the client likes both equally: it is the smaller.
    const accepted = new Negotiator({ headers: { 'accept-encoding': req.headers['accept-encoding'] ?? '' } }).encodings(available, {
      preferred: encodings,
    });
    const encoding = accepted[0] as Encoding | 'identity' | undefined;
    // The launcher other sites embed keeps its address: a day fresh, then a week served while it is checked again
    // (a new build's version arrives within a day; a host page never waits on it). Set here for every encoding.
    if (file === '/embed.js') res.setHeader('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800');
    if (!encoding || encoding === 'identity') return false;
    const copy = `${file}.${extensionOf[encoding]}`;
    send(req, encodeURI(copy), { root: clientDir, dotfiles: 'deny', index: false })
      .on('headers', (response: ServerResponse) => {
        response.setHeader('Content-Type', contentType(file.slice(file.lastIndexOf('.'))) || 'application/octet-stream');
        response.setHeader('Content-Encoding', encoding);
        // Hashed file names never change content: the same rule as the site's handler.
        if (file.startsWith(`/${assetsDir}/`)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      })
      .on('error', (error: { statusCode?: number }) => {
        if (res.headersSent) return void res.destroy();
        res.removeHeader('Content-Encoding');
        res.writeHead(error.statusCode ?? 500).end();
      })
      .pipe(res);
    return true;
  };
}
