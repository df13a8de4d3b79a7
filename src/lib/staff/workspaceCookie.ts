/**
 * A cookie that tells the server's chat pages a staff member signed in on this browser, so /{lang}/chat… come as the
 * staff workspace (its own layout, components/pages/WorkspacePage.astro) rather than the contact's page. Set and
 * cleared with the sign-in hint (signedInHint.ts). Not a secret: the workspace asks Firebase before it shows
 * anything, and anyone else who sends it is asked to sign in.
 */
import { cookies } from '../cookies.ts';

export const workspaceCookie = 'foyer-staff';

export function setWorkspaceCookie(signedIn: boolean): void {
  if (signedIn) cookies.set(workspaceCookie, '1', 365);
  else cookies.remove(workspaceCookie);
}

export const hasWorkspaceCookie = (): boolean => cookies.get(workspaceCookie) === '1';
