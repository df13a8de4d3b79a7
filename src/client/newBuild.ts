/**
 * Notices a newer deployed build: asks for builds/latest.json every 10 minutes and when the tab becomes visible.
 * A different id shows the "new version" banner and makes the next navigation a full page load. A manifest
 * that cannot be read only logs to the console.
 */
import { latestUrl, pollIntervalMs } from '../lib/buildManifest.ts';
import { callHeaders } from '../lib/http/headers.ts';

export const currentBuild = import.meta.env.FOYER_BUILD_ID;
let newerBuild: string | undefined;

/** True once a newer build is known: navigation then loads whole pages, which come from the new build. */
export function newBuildAvailable(): boolean {
  return newerBuild !== undefined;
}

function showBanner(root: ParentNode = document) {
  const banner = root.querySelector<HTMLElement>('[data-update-banner]');
  if (banner) banner.hidden = false;
}

export async function checkForNewBuild(): Promise<void> {
  try {
    // fetch, not the HTTP client: this runs on every static page, which should not load ofetch for one file.
    const response = await fetch(latestUrl(Date.now()), { cache: 'no-store', headers: callHeaders() });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { id } = (await response.json()) as { id?: string };
    if (id && id !== currentBuild) {
      newerBuild = id;
      showBanner();
    }
  } catch (error) {
    console.warn('Foyer: could not check for a newer version:', error);
  }
}

setInterval(() => void checkForNewBuild(), pollIntervalMs);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void checkForNewBuild();
});
document.addEventListener('click', (event) => {
  if ((event.target as Element).closest?.('[data-update-reload]')) location.reload();
});
