/** Frontmatter of help-centre Markdown; Astro names the file and field when one does not match. */
import { z } from 'astro/zod';

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().regex(slugPattern, 'must be a lowercase slug like "getting-started"');

// YAML reads 2026-10-01 as a date; a quoted "2026-10-01" arrives as text. Both are fine, anything else is not.
const calendarDate = z.union([z.date(), z.iso.date().transform((text) => new Date(text))], {
  error: 'is required and must be a date written as YYYY-MM-DD',
});

export const categoryIcons = ['book', 'chat', 'key', 'user', 'invite', 'palette', 'shield', 'globe', 'star'] as const;

export const categorySchema = z.strictObject({
  title: z.string().trim().min(1).max(80),
  description: z.string().trim().min(1).max(200),
  order: z.number().int().min(0),
  icon: z.enum(categoryIcons).default('book'),
});

export const articleSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(200),
  category: slug,
  order: z.number().int().min(0),
  updated: calendarDate,
  popular: z.boolean().default(false),
});

export type CategoryData = z.infer<typeof categorySchema>;
export type ArticleData = z.infer<typeof articleSchema>;
