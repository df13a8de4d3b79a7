/**
 * The Firebase web SDK (modular, auth only), started once with the runtime settings the page carries. Loaded
 * only by the login and password pages and staff views, never by help-centre pages.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, browserPopupRedirectResolver, connectAuthEmulator, initializeAuth, type Auth } from 'firebase/auth';

export interface FirebaseWebSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** host:port of the Auth emulator (development and tests). */
  emulatorHost: string | undefined;
}

let auth: Auth | undefined;

export function firebaseAuth(settings: FirebaseWebSettings): Auth {
  if (auth) return auth;
  const app: FirebaseApp = initializeApp({ apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId });
  auth = initializeAuth(app, { persistence: browserLocalPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  if (settings.emulatorHost) connectAuthEmulator(auth, `http://${settings.emulatorHost}`, { disableWarnings: true });
  return auth;
}
