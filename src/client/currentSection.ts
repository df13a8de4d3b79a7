/**
 * Marks the article section being read in "On this page" (aria-current="location" on its link): the highest heading
 * in the upper third of the window (a jump to a heading makes that one current, even with a subheading just below),
 * else the last heading scrolled past; the last heading when the page is scrolled to its end.
 */

/** Ends the previous page's watch: its observer and its listener. */
let stopWatching = () => {};

/** The upper band of the window where a heading makes its section current, as a share of the window's height. */
const readingLine = 0.3;

/** The id a link points to: its hash is percent-encoded when the id is not ASCII (Arabic, Japanese headings). */
const idOf = (link: HTMLAnchorElement) => decodeURIComponent(link.hash.slice(1));

/** The heading of the section being read, or none above the first heading. */
function currentOf(headings: HTMLElement[]): HTMLElement | undefined {
  if (innerHeight + scrollY >= document.documentElement.scrollHeight - 2) return headings.at(-1);
  const tops = headings.map((heading) => heading.getBoundingClientRect().top);
  const inBand = tops.findIndex((top) => top >= -1 && top <= innerHeight * readingLine);
  if (inBand >= 0) return headings[inBand];
  return headings[tops.findLastIndex((top) => top < -1)];
}

function mark(headings: HTMLElement[], links: HTMLAnchorElement[]) {
  const current = currentOf(headings);
  for (const link of links) {
    if (current && idOf(link) === current.id) link.setAttribute('aria-current', 'location');
    else link.removeAttribute('aria-current');
  }
}

function watch() {
  stopWatching();
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')];
  const headings = [...new Set(links.map(idOf))].map((id) => document.getElementById(id)).filter((heading) => heading !== null);
  if (headings.length === 0) return;
  // Called whenever a heading crosses the reading line or the window's top; the whole list is then measured again.
  const update = () => mark(headings, links);
  const observer = new IntersectionObserver(update, { rootMargin: `0px 0px -${100 - readingLine * 100}% 0px` });
  for (const heading of headings) observer.observe(heading);
  // The last sections may be too short to reach the line: reaching the page's end makes the last one current.
  addEventListener('scrollend', update, { passive: true });
  stopWatching = () => {
    observer.disconnect();
    removeEventListener('scrollend', update);
  };
}

document.addEventListener('astro:page-load', watch);
