/**
 * Preloaded into a helper process (`node --import`): once the process that started it is gone (this one is then
 * re-parented), it stops itself the way Ctrl+C would, so a Foyer killed with SIGKILL leaves nothing running.
 */
// The starter's pid comes from the environment: a parent killed before this runs would otherwise go unnoticed.
// Removed, so the helper's own child processes do not inherit it.
const parent = Number(process.env.FOYER_HELPER_PARENT) || process.ppid;
delete process.env.FOYER_HELPER_PARENT;

function stopIfOrphaned() {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGINT');
  // A helper that catches SIGINT but does not stop still goes.
  setTimeout(() => process.exit(1), 10_000).unref();
}
const watch = setInterval(stopIfOrphaned, 1000).unref();
stopIfOrphaned();
