/** True while a client-side navigation loads the next page (seed: the global site-loading flag). */
import { atom } from 'nanostores';

export const $siteLoading = atom(false);
