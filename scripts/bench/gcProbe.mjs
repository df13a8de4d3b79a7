/**
 * Loaded into a server the benchmark measures, and only there (`--expose-gc --import` in its NODE_OPTIONS): on
 * SIGUSR2 it collects garbage fully, then writes the process's memory figures to `BENCH_MEMORY_FILE.<pid>`. RSS read
 * at a random moment swings with when V8 last collected; after a forced collection it holds what is alive.
 */
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  // Twice: the first collection's finalizers can free more for the second.
  globalThis.gc();
  globalThis.gc();
  writeFileSync(`${process.env.BENCH_MEMORY_FILE}.${process.pid}`, JSON.stringify({ ...process.memoryUsage(), at: Date.now() }));
});
