/**
 * The one script of every page: navigation, prefetching, the header's pickers, search and staff menu, search shortcuts,
 * chunk-error reloads, new-build detection, the article's current section and its "was this helpful?". No framework.
 */
import './chunkErrors.ts';
import './currentSection.ts';
import './headerSearch.ts';
import './helpful.ts';
import './navigation.ts';
import './newBuild.ts';
import './prefetch.ts';
import './pickers.ts';
import './shortcuts.ts';
import './staffMenu.ts';
