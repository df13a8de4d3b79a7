/** Developer mode: on when the cookie with the configured key holds the configured value (runtime settings). */
import { atom } from 'nanostores';
import type { DevModeCookie } from '../lib/clientSettings.ts';
import { cookies } from '../lib/cookies.ts';

export const $devMode = atom(false);

export function initDevMode(cookie: DevModeCookie | undefined): void {
  $devMode.set(!!cookie?.key && cookies.get(cookie.key) === cookie.value);
}
