/**
 * Lighthouse (the registry package, offline with Debian's Chromium) on one page, mobile and desktop: the performance
 * score, CLS and first contentful paint. About 20 s a run.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

function lighthouse(root, url, preset) {
  const args = [
    join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    '--only-categories=performance',
    `--chrome-flags=--headless=new ${chromiumArgs.join(' ')}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...(chromiumPath && { CHROME_PATH: chromiumPath }) } });
    let output = '';
    let errors = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (errors += data));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`Lighthouse exited with ${code}: ${errors.slice(-2000)}`));
      const { categories, audits } = JSON.parse(output);
      resolve({
        performance: Math.round(categories.performance.score * 100),
        cls: audits['cumulative-layout-shift'].numericValue,
        fcpMs: audits['first-contentful-paint'].numericValue,
      });
    });
  });
}

export async function measureLighthouse(root, url) {
  return { mobile: await lighthouse(root, url, 'mobile'), desktop: await lighthouse(root, url, 'desktop') };
}
