import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Inside the project: the built server resolves its packages from node_modules.
mkdirSync('node_modules/.cache', { recursive: true });
const work = mkdtempSync(join('node_modules/.cache', 'foyer-content-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function build(files: Record<string, string>) {
  const content = join(work, `content-${Object.keys(files).length}-${Math.random().toString(36).slice(2)}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(content, path, '..'), { recursive: true });
    writeFileSync(join(content, path), text);
  }
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    env: {
      ...process.env,
      FOYER_CONTENT_DIR: content,
      FOYER_OUT_DIR: join(content, 'dist'),
      FOYER_CACHE_DIR: join(content, 'cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

const category = '---\ntitle: Basics\ndescription: The basics.\norder: 1\n---\n';

describe('building help-centre content', () => {
  it('fails on bad frontmatter with a message naming the file and the field', { timeout: 120_000 }, () => {
    const { status, output } = build({
      'categories/en/basics.md': category,
      'articles/en/broken-article.md': '---\ntitle: Broken\ndescription: Missing its date.\ncategory: basics\norder: 1\n---\nText.\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain('broken-article.md');
    expect(output).toMatch(/updated/);
  });

  it('fails on a translation in a folder that is not a language, naming the file', { timeout: 120_000 }, () => {
    const article = '---\ntitle: Start\ndescription: Start here.\ncategory: basics\norder: 1\nupdated: 2026-10-01\n---\nText.\n';
    const { status, output } = build({
      'categories/en/basics.md': category,
      'articles/en/start.md': article,
      'articles/english/start.md': article,
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/articles\/english\/start\.md: the folder must be a language code/);
  });
});
