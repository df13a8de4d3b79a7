/** Renders a help-centre Markdown file to HTML and its headings, with the same processor Astro uses (Sätteri). */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { MarkdownHeading } from 'astro';
import { parseFrontmatter } from 'astro/markdown';
import { satteri } from '@astrojs/markdown-satteri';

/** Astro's default Markdown processor, with its default features (GitHub-flavoured Markdown, smart punctuation). */
export const markdownProcessor = satteri();

let renderer: ReturnType<typeof markdownProcessor.createRenderer> | undefined;

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownHeading[];
}

/** A content file's Markdown without its front matter (path relative to the project, as the loader stores it). */
export async function readMarkdownBody(filePath: string): Promise<string> {
  const path = isAbsolute(filePath) ? filePath : join(process.cwd(), filePath);
  return parseFrontmatter(await readFile(path, 'utf8')).content;
}

/** Reads a content file and renders its body. */
export async function renderMarkdownFile(filePath: string): Promise<RenderedMarkdown> {
  const content = await readMarkdownBody(filePath);
  renderer ??= markdownProcessor.createRenderer({ syntaxHighlight: false });
  const { code, metadata } = await (await renderer).render(content);
  return { html: code, headings: metadata.headings };
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What Markdown alone cannot say, added to an article's HTML. Code blocks and tables keep their lines and scroll
 * sideways on narrow screens: a reader without a pointer can only scroll one that takes focus (axe:
 * scrollable-region-focusable). Whether a block scrolls depends on the screen, so every one is made focusable, in the
 * markup, with no script to wait for; a code block also gets a name (a table is announced as one). The empty
 * corner cell of a table with row and column headings (`| | Light | Dark |`) is no heading: it becomes a plain cell.
 */
export function accessibleArticleHtml(html: string, codeLabel: string): string {
  return html
    .replace(/<pre(?=[\s>])/g, `<pre tabindex="0" role="group" aria-label="${attribute(codeLabel)}"`)
    .replace(/<table(?=[\s>])/g, '<table tabindex="0"')
    .replace(/<th((?:\s[^>]*)?)>\s*<\/th>/g, '<td$1></td>');
}
