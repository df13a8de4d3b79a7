/**
 * The one script of every page: navigation, prefetching, the header's pickers and staff menu, search shortcuts,
 * chunk-error reloads and new-build detection. No framework.
 */
import './chunkErrors.ts';
import './navigation.ts';
import './newBuild.ts';
import './prefetch.ts';
import './pickers.ts';
import './shortcuts.ts';
import './staffMenu.ts';
