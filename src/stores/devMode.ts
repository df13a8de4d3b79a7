/** Developer mode: on when the cookie with the configured key holds the configured value (runtime settings). */
import Cookies from 'js-cookie';
import { atom } from 'nanostores';

export interface DevModeCookie {
  key: string;
  value: string;
}

export const $devMode = atom(false);

export function initDevMode(cookie: DevModeCookie | undefined): void {
  $devMode.set(!!cookie?.key && Cookies.get(cookie.key) === cookie.value);
}
