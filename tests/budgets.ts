/**
 * The size budgets `npm test` enforces, in one place: tests/e2e/budgets.spec.ts measures the built site against them,
 * and tests/unit/budgets.test.ts checks that the budget table of docs/performance.md states the same numbers. Sizes only; timings
 * are watched by `npm run bench`.
 */

export interface Budget {
  /** How each budget-table row (docs/performance.md) that states this budget starts (its first cell). */
  rows: string[];
  /** A size in bytes (shown as KB) or a count. */
  limit: { bytes: number } | { count: number };
}

const kb = (n: number) => ({ bytes: n * 1024 });

export const budgets = {
  /** HTML and CSS fit the first TCP round trip (10 segments of about 1.4 KB), on the wire (Brotli, headers). */
  articleWire: { rows: ['English article: HTML + CSS on the wire'], limit: kb(14) },
  /** The same, as the files gzip (level 9), so the figure does not depend on the server's encoding. */
  articleGzip: { rows: ['English article: HTML + CSS (gzip'], limit: kb(14) },
  firstLoad: {
    rows: ['English article: whole first load on the wire', 'Arabic article, home, category: first load on the wire'],
    limit: kb(24),
  },
  requests: { rows: ['requests before prefetches'], limit: { count: 3 } },
  /** Home, categories and articles: one script file, and never the island renderer. */
  helpCentreScripts: { rows: ['help-centre pages (home, category, article): script files'], limit: { count: 1 } },
  loginJavaScript: { rows: ['login page: all JavaScript'], limit: kb(80) },
  /** What another site loads for the chat box before anyone presses its launcher: /embed.js alone. */
  embedScript: { rows: ['embed.js (gzip)'], limit: kb(3) },
  /**
   * What pressing the launcher loads into the frame: every script and stylesheet, renderer included (gzip). 120 KB
   * until files in conversations (+1.9 KB in the conversation, +0.4 KB of styles, less 0.4 KB of the staff page's
   * styles the frame no longer loads); the frame still loads the help centre's shell script (10 KB) and the staff
   * tools' styles (2.3 KB), which a contact's frame does not need: the way back under 120. 122 KB until the public
   * conversation start (its API names and numbers in the shared chunks): 124,937 B with embed.js, 9 B over. Giving
   * the frame a script of its own instead of the shell's did not help: the bundler puts modules the island shares with
   * the shell into the shell's chunk, so the frame loads it anyway; those shared modules need a chunk of their own.
   * 123 KB until the widget's home (islands/ChatBox.tsx): a first open now shows the home (102.8 KB), but with an
   * invitation in the host page's address the frame opens the conversation, and the modules the home shares with the
   * conversation island became chunks of their own there (126,212 B with embed.js, 260 B over).
   */
  widgetFirstOpen: { rows: ['widget on another site: first open'], limit: kb(124) },
  /** What the widget's search adds on its first query (gzip): its script, Pagefind and the index's parts for the words. */
  widgetSearchFirstUse: { rows: ['widget: its search on first use'], limit: kb(120) },
  /** All the staff workspace loads to its first row, Firebase included, beyond the renderer and the shell script. */
  /** 72 KB until files in conversations (pictures and files show on the first paint; the viewer and uploads load when used). */
  workspaceJavaScript: { rows: ['staff workspace: all JavaScript to the first row'], limit: kb(74) },
  /** Each island's own JavaScript (gzip), beyond the renderer (React) and the shell script every page has. */
  islands: {
    /**
     * 30 KB until the contact's side gained the rating and "E-mail me this conversation" (their parts load lazily),
     * 31 KB until office hours (the team line's hours and the away answer show on the first paint: not lazy), 32 KB
     * until files (a message's pictures and files, the attach button and dropping show on the first paint; the files
     * chosen, the picture viewer, the upload and the files kept for a reload load when used).
     */
    Chat: { rows: ['chat: the conversation island'], limit: kb(35) },
    /**
     * 8 KB until the chat widget searched too: the search (Pagefind's side), the error gate and Vite's preload helper
     * are files of their own, shared with the widget, where they were one file (8,537 B).
     */
    Search: { rows: ['search island'], limit: kb(9) },
    /** The widget's home: the search, the start form, an article and the conversation island load when used. */
    ChatBox: { rows: ['chat widget: its home island'], limit: kb(9) },
    /** 16 KB until files, whose three endpoints and limits joined the shared API addresses and numbers (+0.1 KB). */
    StaffAdmin: { rows: ['staff page island'], limit: kb(17) },
    /** Before it knows who is signed in: the panes and Firebase are loaded after (see `workspaceJavaScript`). */
    Workspace: { rows: ['staff workspace island'], limit: kb(6) },
  },
} satisfies Record<string, Budget | Record<string, Budget>>;

export function bytesOf(budget: Budget): number {
  if (!('bytes' in budget.limit)) throw new Error(`Budget "${budget.rows[0]}" is a count, not a size.`);
  return budget.limit.bytes;
}

export function countOf(budget: Budget): number {
  if (!('count' in budget.limit)) throw new Error(`Budget "${budget.rows[0]}" is a size, not a count.`);
  return budget.limit.count;
}

/** How the budget column writes it: `≤ 14 KB`, `≤ 3`. */
export function stated(budget: Budget): string {
  return 'bytes' in budget.limit ? `≤ ${budget.limit.bytes / 1024} KB` : `≤ ${budget.limit.count}`;
}

export const allBudgets: Budget[] = Object.values(budgets).flatMap((entry) =>
  'rows' in entry ? [entry as Budget] : Object.values(entry as Record<string, Budget>),
);
