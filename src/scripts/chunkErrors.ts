/** Chunk-load failures (Vite preloads, islands that cannot load) reload the page once; see lib/chunkReload.ts. */
import { isChunkError, reloadAfterChunkError } from '../lib/chunkReload.ts';

const reload = () => reloadAfterChunkError(sessionStorage, Date.now(), () => location.reload());

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reload();
});
document.addEventListener('astro:hydration-error', (event) => {
  if (isChunkError((event as CustomEvent<{ error: unknown }>).detail.error)) reload();
});
