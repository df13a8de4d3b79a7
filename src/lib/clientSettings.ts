/**
 * What pages with islands or scripts need from the runtime settings, read when the page is rendered: the public part
 * of the environment, whose schema the server's own settings (src/server/config.ts) extend.
 */
import { z } from 'zod';
import type { BotCheckSettings } from './botCheck.ts';
import type { FirebaseWebSettings } from './staff/firebase.ts';

/** An optional setting: blank counts as unset. */
/** Developer mode is on when the cookie `key` holds `value` (stores/devMode.ts). */
export interface DevModeCookie {
  key: string;
  value: string;
}

export const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

export const publicSettingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The public key pages load reCAPTCHA with (production only). */
  RECAPTCHA_SITE_KEY: optional,
  /** Developer mode is on in a browser whose cookie DEV_MODE_COOKIE_KEY holds DEV_MODE_COOKIE_VALUE. */
  DEV_MODE_COOKIE_KEY: optional,
  DEV_MODE_COOKIE_VALUE: optional,
  /** Firebase (staff sign-in). Development uses the Auth emulator and needs none of these. */
  FIREBASE_PROJECT_ID: z.string().default('demo-foyer'),
  FIREBASE_API_KEY: optional,
  FIREBASE_AUTH_DOMAIN: optional,
  /** host:port of the Auth emulator; makes the server accept unsigned tokens, so never in production. */
  FIREBASE_AUTH_EMULATOR_HOST: optional,
  /** The largest file a conversation takes, in megabytes (413 past it; the composer says so before uploading). */
  ATTACHMENT_MAX_MB: z.coerce.number().positive().max(1024).default(25),
});

export interface ClientSettings {
  botCheck: BotCheckSettings;
  devModeCookie: DevModeCookie | undefined;
  firebase: FirebaseWebSettings;
  /** The server sends e-mail (SMTP_URL and MAIL_FROM are set): staff are offered to e-mail an invitation. */
  mailEnabled: boolean;
  /** ATTACHMENT_MAX_MB in bytes. */
  attachmentMaxBytes: number;
}

/** The settings, from the environment; the server has already refused to start with wrong ones. */
export function clientSettings(env: Record<string, string | undefined> = process.env): ClientSettings {
  const config = publicSettingsSchema.parse(env);
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
    mailEnabled: Boolean(env['SMTP_URL']?.trim() && env['MAIL_FROM']?.trim()),
    attachmentMaxBytes: Math.floor(config.ATTACHMENT_MAX_MB * 1024 * 1024),
  };
}
