/**
 * The benchmark's build figures alone, quickly: the same corpus as `npm run bench` (8 topics × 10 articles × 25
 * languages), built cold (no content cache, no previous output) `--runs` times as `npm run build` builds it; prints
 * wall time, CPU time (user + system of the whole process tree), peak memory and pages per second for each run.
 * Usage: node scripts/bench/build.mjs [--runs 3] [--out <folder inside the project>] [--script <another build script, to compare>]
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { globSync } from 'tinyglobby';
import { writeCorpus } from './corpus.mjs';
import { machineSpeedMs, runMeasured } from './measure.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: '.bench/build' },
    categories: { type: 'string', default: '8' },
    script: { type: 'string', default: 'scripts/build.mjs' },
  },
});
// Inside the project: Astro's pre-rendering imports packages from node_modules next to the output.
const work = resolve(root, values.out);
const corpus = join(work, 'corpus');
const outDir = join(work, 'dist');
const cacheDir = join(work, 'cache');
mkdirSync(work, { recursive: true });
if (!existsSync(join(corpus, 'articles'))) writeCorpus(corpus, { categories: Number(values.categories), articles: 10 });

console.log(`Calibration workload: ${machineSpeedMs().toFixed(0)} ms`);
for (let run = 1; run <= Number(values.runs); run += 1) {
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  const result = await runMeasured(process.execPath, [resolve(root, values.script), '--force'], {
    cwd: root,
    env: { ...process.env, FOYER_CONTENT_DIR: corpus, FOYER_OUT_DIR: outDir, FOYER_CACHE_DIR: cacheDir, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const pages = globSync('**/*.html', { cwd: join(outDir, 'client') }).length;
  const steps = result.output
    .split('\n')
    .filter((line) => /^(Foyer: built|Search:|Compression:|Security:|Build steps:)/.test(line))
    .join('\n    ');
  console.log(
    `run ${run}: wall ${result.seconds.toFixed(1)} s, CPU ${result.cpuSeconds.toFixed(1)} s, peak RSS ` +
      `${(result.peakRss / 1024 / 1024).toFixed(0)} MiB, ${pages} pages, ${(pages / result.seconds).toFixed(0)} pages/s\n    ${steps}`,
  );
}
