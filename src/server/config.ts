/** Foyer's runtime settings: environment variables parsed by one schema, with development defaults. */
import { z } from 'zod';
import { sendLimit } from '../lib/api/chat.ts';
import { publicChatModes, type PublicChatMode } from '../lib/api/constants.ts';
import { optional, publicSettingsSchema } from '../lib/clientSettings.ts';

const number = (fallback: number) => z.coerce.number().positive().default(fallback);

/** The public settings pages also read (lib/clientSettings.ts), and the server's own. */
export const configSchema = publicSettingsSchema.extend({
  /** Unset: http://localhost:{PORT}, so links printed in development open the server that printed them. */
  SITE_URL: z.url().optional(),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** The built site (`npm run build`). */
  FOYER_OUT_DIR: z.string().default('./dist'),
  /** Where PGlite keeps its files, and where development keeps its generated secret. */
  FOYER_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  /**
   * A read-only replica of DATABASE_URL's database for the reads that may lag by seconds: the ratings report and the
   * help centre's (docs/large-deployments.md). Unreachable, those reads go to DATABASE_URL.
   */
  DATABASE_REPLICA_URL: optional,
  /** A replica further behind DATABASE_URL than this is not read until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: number(30),
  /** Signs session tokens and keys the hashes of one-time codes; at least 32 characters. */
  SESSION_SECRET: optional.refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
  OTP_TTL_DAYS: number(7),
  /** How long a contact session lasts after its code was redeemed, however often it is extended. */
  SESSION_MAX_HOURS: number(24),
  VERIFY_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  VERIFY_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  /** Chat messages per sender per window (429 past it). */
  SEND_RATE_LIMIT: z.coerce.number().int().positive().default(sendLimit.max),
  SEND_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(sendLimit.windowSeconds),
  /** How often an open event stream checks again that its caller may still read it. */
  STREAM_RECHECK_SECONDS: z.coerce.number().positive().default(60),
  /**
   * A stream whose client has not taken what was written to it for this long is cut off: its memory (the server's
   * and the kernel's) is freed, and the client, if it is still there, resumes from its last event.
   */
  STREAM_STALL_SECONDS: z.coerce.number().positive().default(60),
  /** Event streams one contact keeps open; one more ends their oldest (api/streamLimits.ts). */
  STREAMS_PER_CONTACT: z.coerce.number().int().positive().default(8),
  /** The same for a staff member, who may well work in many tabs. */
  STREAMS_PER_STAFF: z.coerce.number().int().positive().default(32),
  /** Event streams open from one client address; past it, 429. */
  STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(200),
  /** Event streams open in the process; past it, 503. Unset: half the open-file limit, at most 10,000. */
  STREAMS_MAX: z.coerce.number().int().positive().optional(),
  RECAPTCHA_SECRET: optional,
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Space-separated origins allowed to show /{lang}/chatBox pages in a frame. */
  FRAME_ANCESTORS: z
    .string()
    .default('')
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'each must be an origin such as https://www.example.com'))),
  /** The SMTP server e-mail goes through: smtp://user:pass@host:587 (STARTTLS) or smtps://…:465. */
  SMTP_URL: optional.refine(
    (value) => value === undefined || /^smtps?:\/\/[^/]+/.test(value),
    'must look like smtp://user:pass@host:587 or smtps://…',
  ),
  /** The sender of every e-mail, such as "Example Help <help@example.com>". */
  MAIL_FROM: optional,
  /**
   * Whether visitors who were not invited may start a conversation from the chat box, confirming their address with an
   * e-mailed code: 'email', or 'off'. Unset: 'email' in development, 'off' in production. An admin's choice in the
   * staff workspace overrides it; without e-mail (SMTP_URL) nobody can start one.
   */
  PUBLIC_CHAT: z.enum(publicChatModes).optional(),
  /** Invitations one staff member may send by e-mail in an hour, and one address may get in a day (then 429). */
  INVITE_MAIL_PER_STAFF_HOUR: z.coerce.number().int().positive().default(30),
  INVITE_MAIL_PER_ADDRESS_DAY: z.coerce.number().int().positive().default(5),
  /** E-mails sent (or given up) are kept this long, for support questions, then deleted. */
  MAIL_KEEP_DAYS: z.coerce.number().int().positive().default(30),
  /** How often the mail worker looks for due e-mails (it is also woken when one is written). */
  MAIL_POLL_SECONDS: z.coerce.number().positive().default(5),
  /** A message unread this long, by someone with no stream open, is e-mailed to them (mail/missedMessages.ts). */
  UNREAD_MAIL_MINUTES: z.coerce.number().int().positive().default(5),
  /**
   * The bearer token GET /metrics asks for (Prometheus's `authorization` setting); unset, /metrics answers 404, so
   * nothing about the process is public by default.
   */
  METRICS_TOKEN: z.string().min(16, 'use 16 or more random characters').optional(),
  /** Log lines as JSON objects for a collector, or plain text for a person; by default JSON in production only. */
  LOG_FORMAT: z.enum(['text', 'json']).optional(),
  /** Read the client's address from X-Forwarded-For (only behind a proxy that sets it). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'SITE_URL' | 'PUBLIC_CHAT'> & { SITE_URL: string; PUBLIC_CHAT: PublicChatMode };

/** Parses the environment, or throws an error naming every bad or missing setting and what to do. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Foyer cannot start: some settings are wrong.\n${problems.join('\n')}\nFix them in the environment and start again.`);
  }
  const config: Config = {
    ...result.data,
    SITE_URL: result.data.SITE_URL ?? `http://localhost:${result.data.PORT}`,
    PUBLIC_CHAT: result.data.PUBLIC_CHAT ?? (result.data.NODE_ENV === 'production' ? 'off' : 'email'),
  };
  if (config.DATABASE_REPLICA_URL && !config.DATABASE_URL) {
    throw new Error('Foyer cannot start: DATABASE_REPLICA_URL is a replica of DATABASE_URL’s database; set DATABASE_URL too.');
  }
  if (config.NODE_ENV === 'production') {
    const missing = [
      !result.data.SITE_URL && 'SITE_URL (the public address, such as https://help.example.com)',
      !config.SESSION_SECRET && 'SESSION_SECRET (32 or more random characters)',
      !config.RECAPTCHA_SECRET && 'RECAPTCHA_SECRET (the reCAPTCHA v3 secret key)',
      !config.RECAPTCHA_SITE_KEY && 'RECAPTCHA_SITE_KEY (the reCAPTCHA v3 site key)',
      !env['FIREBASE_PROJECT_ID'] && 'FIREBASE_PROJECT_ID',
      !config.FIREBASE_API_KEY && 'FIREBASE_API_KEY (the Firebase web API key)',
      !config.FIREBASE_AUTH_DOMAIN && 'FIREBASE_AUTH_DOMAIN',
      !config.SMTP_URL && 'SMTP_URL (the SMTP server e-mail goes through, such as smtp://user:pass@smtp.example.com:587)',
      !config.MAIL_FROM && 'MAIL_FROM (the sender of e-mails, such as "Example Help <help@example.com>")',
    ].filter(Boolean);
    if (missing.length) {
      throw new Error(`Foyer cannot start in production without: ${missing.join(', ')}. Set them in the environment.`);
    }
    // firebase-admin reads the raw variable (any value at all turns the emulator on), so check that, not the trimmed one.
    if (env['FIREBASE_AUTH_EMULATOR_HOST'] !== undefined || process.env['FIREBASE_AUTH_EMULATOR_HOST'] !== undefined) {
      throw new Error('FIREBASE_AUTH_EMULATOR_HOST is set: with it the server accepts unsigned staff tokens. Remove it in production.');
    }
  }
  return config;
}
