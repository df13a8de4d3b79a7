import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../lib/api/endpoints.ts';
import { routes, routesByArea } from './router.ts';

const apiDir = new URL('../api/', import.meta.url);

describe('the route table', () => {
  it('holds each route in the file named for its address prefix', () => {
    for (const [area, declared] of Object.entries(routesByArea)) {
      for (const { method, path } of declared) expect(`${method} ${path}`).toMatch(new RegExp(`^\\w+ /api/${area}(/|$)`));
    }
  });

  it('lists every file of server/api that declares routes, under its own name', async () => {
    for (const file of readdirSync(apiDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const module = (await import(new URL(file, apiDir).href)) as { routes?: unknown };
      const area = basename(file, '.ts');
      if (module.routes) expect(routesByArea[area], area).toBe(module.routes);
      else expect(routesByArea[area], area).toBeUndefined();
    }
  });

  it('answers every declared endpoint exactly once, and nothing else', () => {
    const answered = routes.map(({ method, path }) => `${method} ${path}`);
    expect(new Set(answered).size).toBe(answered.length);
    expect(answered.sort()).toEqual(
      Object.values(endpoints)
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    );
  });
});
