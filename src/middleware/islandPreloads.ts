/**
 * Module preloads for a page's islands. An island's scripts are named only in its `<astro-island>` element, whose
 * loader runs after the page's stylesheets have arrived, and each script names the next only once it has arrived
 * itself: on a phone's network that was three round trips one after another (the chat box's renderer, its island,
 * React). A `<link rel="modulepreload">` in the head for every script an island loads before it runs lets the
 * browser fetch them all at once, beside the stylesheets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each built script's static imports, read once (built files do not change while a server runs). */
const importsOf = new Map<string, string[]>();

function staticImports(clientDir: string, path: string): string[] {
  let found = importsOf.get(path);
  if (!found) {
    let code = '';
    try {
      code = readFileSync(join(clientDir, path), 'utf8');
    } catch {
      // Not built (yet): preload the file itself, and nothing it imports.
    }
    found = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
      (match) => new URL(match[1]!, `http://x${path}`).pathname,
    );
    importsOf.set(path, found);
  }
  return found;
}

/** Every built script the page's islands load before they run: their components, renderers and static imports. */
export function islandScripts(html: string, clientDir: string): string[] {
  // Only `<astro-island>` elements carry these two attributes.
  const entries = [...html.matchAll(/\s(?:component|renderer)-url="(\/_astro\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const all = new Set<string>();
  const visit = (path: string) => {
    if (all.has(path)) return;
    all.add(path);
    for (const imported of staticImports(clientDir, path)) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return [...all];
}

/** The rule Astro writes before a page's first island, in the body, where a <style> is not valid HTML. */
const islandStyle = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * The page with a module preload for each of its islands' scripts, at the end of its head, and Astro's island style
 * moved there from the body (the same text, so the CSP's hash of it still holds).
 */
export function withIslandPreloads(html: string, clientDir: string): string {
  const scripts = islandScripts(html, clientDir);
  const head = html.indexOf('</head>');
  const styled = html.indexOf(islandStyle, head);
  const style = styled > head ? islandStyle : '';
  if (scripts.length === 0 && !style) return html;
  const links = scripts.map((path) => `<link rel="modulepreload" href="${path}">`).join('');
  const body = style ? html.slice(head, styled) + html.slice(styled + style.length) : html.slice(head);
  return `${html.slice(0, head)}${links}${style}${body}`;
}
