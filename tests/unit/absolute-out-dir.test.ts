/**
 * `FOYER_OUT_DIR` given as an absolute path: the build writes the site, its search index and the CSP hashes into
 * that folder (not `{project}/{absolute path}`), and a server started on it serves a site whose search finds an
 * article, in Chromium. A small corpus of its own keeps the build short.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortBase } from '../../scripts/authEmulator.mjs';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

const root = resolve(import.meta.dirname, '../..');
// Absolute, but inside the project: Astro's pre-rendering and the built server import packages from the
// node_modules above the output folder, so an output outside the project cannot build (see TOOLCHAIN.md).
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/foyer-absolute-out-'));
const outDir = join(work, 'dist');
const content = join(work, 'content');
const dataDir = mkdtempSync(join(tmpdir(), 'foyer-absolute-out-data-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((done) => server!.once('exit', done));
  }
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const words = 'quokka marmalade lighthouse'; // found only in the article below
const files: Record<string, string> = {
  'categories/en/basics.md': '---\ntitle: Basics\ndescription: The basics.\norder: 1\nicon: book\n---\n',
  'articles/en/first-steps.md':
    '---\ntitle: First steps\ndescription: Where to start.\ncategory: basics\norder: 1\nupdated: 2026-10-01\n---\n' +
    `\nA ${words} paragraph, long enough to be indexed and found by its rare words.\n\n## More\n\nOther text.\n`,
  'articles/en/second-steps.md':
    '---\ntitle: Second steps\ndescription: What comes next.\ncategory: basics\norder: 2\nupdated: 2026-10-02\n---\n\nNothing rare here.\n',
};

describe('a build with an absolute FOYER_OUT_DIR', () => {
  it('writes the search index and the CSP hashes into that folder and serves a searchable site', { timeout: 300_000 }, async () => {
    expect(isAbsolute(outDir)).toBe(true);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(content, path, '..'), { recursive: true });
      writeFileSync(join(content, path), text);
    }
    const env = { ...process.env, FOYER_CONTENT_DIR: content, FOYER_OUT_DIR: outDir, FOYER_CACHE_DIR: join(work, 'cache') };
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--force'], { cwd: root, env, encoding: 'utf8' });
    const output = build.stdout + build.stderr;
    expect(build.status, output).toBe(0);
    const pages = Number(/built (\d+) pages/.exec(output)?.[1]);
    expect(pages, output).toBeGreaterThan(2);

    // Everything the build writes is in the absolute folder, nothing at `{project}/{absolute path}`.
    const client = join(outDir, 'client');
    for (const file of ['pagefind/pagefind.js', 'pagefind/pagefind-entry.json', 'en/categories/basics/articles/first-steps/index.html']) {
      expect(existsSync(join(client, file)), file).toBe(true);
    }
    expect(readdirSync(join(client, 'pagefind/fragment')).length).toBeGreaterThan(0);
    expect(existsSync(join(client, 'en/categories/basics/articles/first-steps/index.html.br'))).toBe(true);
    const hashes = JSON.parse(readFileSync(join(outDir, 'inline-hashes.json'), 'utf8')) as { scripts: string[]; styles: string[] };
    expect(hashes.scripts.length).toBeGreaterThan(0);
    expect(existsSync(join(root, outDir))).toBe(false);

    // The server on that folder (no Auth emulator: a Firebase key is named; a fresh PGlite of its own).
    const port = await freePortBase();
    const origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [join(root, 'scripts/serve.mjs')], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        FOYER_DATA_DIR: dataDir,
        FIREBASE_API_KEY: 'test-key',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await new Promise<void>((done, fail) => {
      server!.stdout!.on('data', () => log.includes('Foyer is running') && done());
      server!.once('exit', (code) => fail(new Error(`Foyer stopped while starting (exit code ${code}):\n${log}`)));
    });

    // Pagefind's script, an index fragment and an article page come from the absolute folder.
    const fragment = readdirSync(join(client, 'pagefind/fragment'))[0]!;
    for (const path of ['/pagefind/pagefind.js', `/pagefind/fragment/${fragment}`]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(client, path))), path).toBe(true);
    }
    const article = await fetch(`${origin}/en/categories/basics/articles/first-steps`);
    expect(article.status).toBe(200);
    expect(await article.text()).toContain('quokka');
    // The CSP carries the hashes read from the absolute folder's inline-hashes.json.
    const csp = article.headers.get('content-security-policy') ?? '';
    for (const hash of hashes.scripts) expect(csp).toContain(`'${hash}'`);

    // A real search in Chromium finds the article by its rare words.
    const browser = await chromium.launch({ ...(chromiumPath && { executablePath: chromiumPath }), args: chromiumArgs });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${origin}/en/search`);
      await page.getByRole('searchbox').fill('quokka marmalade');
      const result = page.locator('.results a', { hasText: 'First steps' }).first();
      await result.waitFor({ timeout: 30_000 });
      expect(await result.getAttribute('href')).toBe('/en/categories/basics/articles/first-steps');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
