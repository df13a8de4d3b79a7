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

/** Reads a content file (path relative to the project, as the loader stores it) and renders its body. */
export async function renderMarkdownFile(filePath: string): Promise<RenderedMarkdown> {
  const path = isAbsolute(filePath) ? filePath : join(process.cwd(), filePath);
  const { content } = parseFrontmatter(await readFile(path, 'utf8'));
  renderer ??= markdownProcessor.createRenderer({ syntaxHighlight: false });
  const { code, metadata } = await (await renderer).render(content);
  return { html: code, headings: metadata.headings };
}
