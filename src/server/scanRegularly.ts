/**
 * Runs a scan every `everyMs`, never two at once (a slow scan skips the ticks it overlaps), logging a failure and
 * going on. The returned function stops it, after the scan under way.
 */
import type { Services } from './services.ts';

export function scanRegularly(log: Services['log'], what: string, scan: () => Promise<unknown>, everyMs: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= scan()
      .then(
        () => undefined,
        (error: unknown) => log.error(`${what}: the scan failed:`, error),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
