/**
 * Prefetches links to help-centre pages when they become visible, at most four at a time (seed: parallel route
 * preloads, 4), each address once per tab, and nothing on a slow or data-saving connection. Sign-in, chat and search
 * pages are left alone: few readers go there, and they are the heavy ones.
 */

export const maxParallelPrefetches = 4;
/** How long a link must stay visible before it is fetched, so scrolling past does not fetch everything. */
export const visibleDelayMs = 200;

/** Help-centre pages: a language's home, its categories and their articles. */
const helpCentrePage = /^\/[A-Za-z-]+(?:\/categories\/[^/]+(?:\/articles\/[^/]+)?)?$/;

// Kept for the tab, so a full page load does not fetch again what the last one already did.
const doneKey = 'foyer.prefetched';
const done = new Set<string>(readDone());

function readDone(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(doneKey) ?? '[]') as string[];
  } catch {
    return [];
  }
}

function remember(href: string) {
  done.add(href);
  try {
    sessionStorage.setItem(doneKey, JSON.stringify([...done].slice(-200)));
  } catch {
    // Storage full or refused: this page's own memory still avoids repeats.
  }
}
const queue: string[] = [];
let running = 0;

function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !!connection && (!!connection.saveData || /(?:^|-)(?:2g|3g)$/.test(connection.effectiveType ?? ''));
}

function wanted(link: HTMLAnchorElement): string | undefined {
  if (link.dataset['astroReload'] !== undefined || link.dataset['astroPrefetch'] === 'false') return undefined;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname === location.pathname || !helpCentrePage.test(url.pathname)) return undefined;
  url.hash = '';
  return done.has(url.href) ? undefined : url.href;
}

function pump() {
  while (running < maxParallelPrefetches && queue.length) {
    const href = queue.shift()!;
    running += 1;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    const finished = () => {
      running -= 1;
      link.remove();
      pump();
    };
    link.addEventListener('load', finished, { once: true });
    link.addEventListener('error', finished, { once: true });
    document.head.append(link);
  }
}

export function prefetch(href: string) {
  if (done.has(href) || !navigator.onLine || slowConnection()) return;
  remember(href);
  queue.push(href);
  pump();
}

const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();
const observer =
  typeof IntersectionObserver === 'undefined'
    ? undefined
    : new IntersectionObserver((entries) => {
        for (const { target, isIntersecting } of entries) {
          clearTimeout(timers.get(target));
          if (!isIntersecting) continue;
          timers.set(
            target,
            setTimeout(() => {
              observer?.unobserve(target);
              const href = wanted(target as HTMLAnchorElement);
              if (href) prefetch(href);
            }, visibleDelayMs),
          );
        }
      });

function watchLinks() {
  observer?.disconnect();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (wanted(link)) observer?.observe(link);
  }
}

watchLinks();
document.addEventListener('astro:page-load', watchLinks);
