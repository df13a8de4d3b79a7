/**
 * Client-side navigation for every page: Astro's router with page transitions, a polite route announcer,
 * the site-loading flag and the reader's theme kept across page swaps.
 */
import { navigate, supportsViewTransitions } from 'astro:transitions/client';
import { $siteLoading } from '../stores/siteLoading.ts';
import { $theme } from '../stores/theme.ts';
import { newBuildAvailable } from './newBuild.ts';
import { routeFor } from './routeRules.ts';

type Link = HTMLAnchorElement | HTMLAreaElement;

function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey;
}

/** Same-origin links without a reason to let the browser handle them. */
function routable(link: Link): boolean {
  return (
    !!link.href &&
    link.dataset['astroReload'] === undefined &&
    !link.hasAttribute('download') &&
    (!link.target || link.target === '_self') &&
    new URL(link.href).origin === location.origin
  );
}

/** Navigates in the page, unless a newer build is deployed or a route rule leaves the site: then a full load. */
async function go(href: string, options: Parameters<typeof navigate>[1]) {
  const target = await routeFor(href);
  if (newBuildAvailable() || target.leave) location.href = target.href;
  else await navigate(target.href, options);
}

function onClick(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.('a, area') as Link | null;
  if (!link || event.defaultPrevented || opensElsewhere(event) || !routable(link)) return;
  event.preventDefault();
  void go(link.href, { history: link.dataset['astroHistory'] === 'replace' ? 'replace' : 'auto', sourceElement: link });
}

/** GET forms (the search box) navigate like links; others are left to the browser. */
function onSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented || form.dataset['astroReload'] !== undefined) return;
  const action = new URL(event.submitter?.getAttribute('formaction') ?? form.action, location.href);
  if ((form.method || 'get').toLowerCase() !== 'get' || action.origin !== location.origin) return;
  event.preventDefault();
  action.search = new URLSearchParams(new FormData(form, event.submitter) as unknown as Record<string, string>).toString();
  void go(action.href, { sourceElement: event.submitter ?? form });
}

if (supportsViewTransitions || document.querySelector('meta[name="astro-view-transitions-fallback"]')) {
  document.addEventListener('click', onClick);
  document.addEventListener('submit', onSubmit);
}

document.addEventListener('astro:before-preparation', () => $siteLoading.set(true));
document.addEventListener('astro:page-load', () => {
  $siteLoading.set(false);
  // Astro adds its announcer right after this event, as aria-live="assertive"; the seed wants polite.
  queueMicrotask(() => {
    for (const announcer of document.querySelectorAll('.astro-route-announcer')) announcer.setAttribute('aria-live', 'polite');
  });
});
// The new page arrives with the default theme in its <html>; keep the reader's.
document.addEventListener('astro:before-swap', (event) => {
  (event as Event & { newDocument: Document }).newDocument.documentElement.dataset['theme'] = $theme.get();
});

$siteLoading.subscribe((loading) => document.documentElement.toggleAttribute('data-loading', loading));
