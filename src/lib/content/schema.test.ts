import { describe, expect, it } from 'vitest';
import { articleSchema, categorySchema } from './schema.ts';

const article = {
  title: 'Open an invitation link',
  description: 'How to open it.',
  category: 'codes-and-links',
  order: 1,
  updated: '2026-10-01',
};

describe('article frontmatter', () => {
  it('accepts a complete article and reads the date', () => {
    const parsed = articleSchema.parse(article);
    expect(parsed.updated).toEqual(new Date('2026-10-01'));
    expect(parsed.popular).toBe(false);
  });

  it.each([
    ['title', { ...article, title: '' }],
    ['category', { ...article, category: 'Codes and Links' }],
    ['order', { ...article, order: 1.5 }],
    ['updated', { ...article, updated: 'last week' }],
    ['description', { ...article, description: undefined }],
  ])('names the bad field: %s', (field, data) => {
    const result = articleSchema.safeParse(data);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it('refuses fields it does not know, so typos do not pass silently', () => {
    expect(articleSchema.safeParse({ ...article, catgory: 'x' }).success).toBe(false);
  });
});

describe('category frontmatter', () => {
  it('accepts a category and defaults the icon', () => {
    expect(categorySchema.parse({ title: 'Basics', description: 'd', order: 1 }).icon).toBe('book');
  });

  it('refuses an unknown icon', () => {
    expect(categorySchema.safeParse({ title: 'Basics', description: 'd', order: 1, icon: 'rocket' }).success).toBe(false);
  });
});
