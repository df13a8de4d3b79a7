/**
 * The time to the minute, for what a list says relative to now ("Contact wrote 12 minutes ago", "Snoozed until"):
 * it moves on once a minute while something listens, so a list left open all day stays true without a reload (and
 * without a timer in any island).
 */
import { atom, onMount } from 'nanostores';

export const minuteMs = 60_000;

export const $now = atom(Date.now());

onMount($now, () => {
  $now.set(Date.now());
  const timer = setInterval(() => $now.set(Date.now()), minuteMs);
  return () => clearInterval(timer);
});
