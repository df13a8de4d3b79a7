/** Chunk-load failures (Vite preloads, islands that cannot load) reload the page once; see lib/chunkReload.ts. */
import { isChunkError, reloadAfterChunkError } from '../lib/chunkReload.ts';

const reload = () => reloadAfterChunkError(sessionStorage, Date.now(), () => location.reload());

// The error is swallowed only when the page reloads; within the 10 s guard it goes on to be reported.
window.addEventListener('vite:preloadError', (event) => {
  if (reload()) event.preventDefault();
});
document.addEventListener('astro:hydration-error', (event) => {
  if (isChunkError((event as CustomEvent<{ error: unknown }>).detail.error)) reload();
});
