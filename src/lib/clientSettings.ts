/** What pages with islands or scripts need from the server's runtime settings, read when the page is rendered. */
import { loadConfig } from '../server/config.ts';
import type { BotCheckSettings } from './botCheck.ts';
import type { FirebaseWebSettings } from './staff/firebase.ts';
import type { DevModeCookie } from '../stores/devMode.ts';

export interface ClientSettings {
  botCheck: BotCheckSettings;
  devModeCookie: DevModeCookie | undefined;
  firebase: FirebaseWebSettings;
}

export function clientSettings(env: Record<string, string | undefined> = process.env): ClientSettings {
  const config = loadConfig(env);
  return {
    botCheck: { siteKey: config.RECAPTCHA_SITE_KEY, production: config.NODE_ENV === 'production' },
    devModeCookie:
      config.DEV_MODE_COOKIE_KEY && config.DEV_MODE_COOKIE_VALUE
        ? { key: config.DEV_MODE_COOKIE_KEY, value: config.DEV_MODE_COOKIE_VALUE }
        : undefined,
    firebase: {
      // The emulator accepts any key; production has its own (required at start-up).
      apiKey: config.FIREBASE_API_KEY ?? 'emulator-api-key',
      authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
    },
  };
}
