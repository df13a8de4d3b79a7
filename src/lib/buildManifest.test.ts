import { describe, expect, it } from 'vitest';
import { latestUrl, matchRouteRule, metaUrl, pollIntervalMs, routeRules } from './buildManifest.ts';

describe('build manifests', () => {
  it('are polled every 10 minutes, with a timestamp against caches', () => {
    expect(pollIntervalMs).toBe(600_000);
    expect(latestUrl(123)).toBe('/_astro/builds/latest.json?123');
    expect(metaUrl('b-1')).toBe('/_astro/builds/meta/b-1.json');
  });

  const rules = routeRules({
    '/old-help': '/en',
    '/docs/[slug]': '/en/categories/[slug]',
    '/blog/[...path]': { destination: 'https://blog.example.com/[path]' },
  });

  it.each([
    ['/old-help', { destination: '/en', leave: false }],
    ['/docs/codes-and-links', { destination: '/en/categories/codes-and-links', leave: false }],
    ['/blog/2026/news', { destination: 'https://blog.example.com/2026/news', leave: true }],
    ['/old-help/more', undefined],
    ['/en', undefined],
  ])('route %s', (path, expected) => {
    expect(matchRouteRule(rules, path)).toEqual(expected);
  });
});
