/** Everything the API and the command-line tool work with, made once per process: settings, database, keys. */
import { createBotCheck, type BotCheck } from './contacts/botCheck.ts';
import { createChatHub, type ChatHub } from './chat/hub.ts';
import { typingSignals } from './chat/typing.ts';
import type { Config } from './config.ts';
import { ensurePrivateDirectory } from './db/dataDirectory.ts';
import type { Database, Queryable } from './db/database.ts';
import { openDatabase } from './db/openDatabase.ts';
import { migrate } from './db/migrate.ts';
import { firebaseVerifier, type IdTokenVerifier } from './staff/signIn.ts';
import { join } from 'node:path';
import { consoleLog, type Log } from './log.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { articleIndex, type ArticleIndex } from './helpCentre/articles.ts';
import { noPresence, streamPresence, type Presence } from './chat/presence.ts';
import { memoryRateLimit } from './rateLimit.ts';
import { deriveKeys, loadSecret, type Keys } from './secrets.ts';
import { sessionVersionCache, type SessionVersions } from './contacts/sessionVersions.ts';
import { defaultStreamMax, StreamLimits } from './api/streamLimits.ts';
import type { FileBytes } from './chat/files/bytes.ts';
import { databaseBytes } from './chat/files/databaseBytes.ts';
import { diskBytes } from './chat/files/diskBytes.ts';
import { moveBytesToDisk } from './chat/files/moveToDisk.ts';

export interface Services {
  config: Config;
  db: Database;
  /**
   * Reads that may lag by seconds (the reports): a replica with DATABASE_REPLICA_URL, else `db`.
   * closeServices closes it.
   */
  replica: Queryable & { close(): Promise<void> };
  /** Verifies staff members' Firebase ID tokens. */
  verifyIdToken: IdTokenVerifier;
  /** Each contact's session version, undefined once it is deleted; cached for a few seconds (sessionVersions.ts). */
  sessionVersions: SessionVersions;
  /** Caps on this process's open event streams: per reader, per client address, in all (api/streamLimits.ts). */
  streams: StreamLimits;
  keys: Keys;
  botCheck: BotCheck;
  /** Delivers chat events to this process's streams, and between processes on PostgreSQL. Close it before the database. */
  chat: ChatHub;
  /** Counts a chat message of a sender (`kind:id`); 429 past SEND_RATE_LIMIT per SEND_RATE_WINDOW_SECONDS. */
  sendLimit: (sender: string) => void;
  /** Passes on a typing signal, at most one per sender every 2 s. */
  typing: ReturnType<typeof typingSignals>;
  /** E-mail through the outbox; null when SMTP_URL or MAIL_FROM is unset. Stop it before the database. */
  mail: Mailer | null;
  /** Who has an event stream open (across processes), so missed-message e-mails skip them; stop it before the database. */
  presence: Presence;
  /** The built site's articles and titles, per language (helpCentre/articles.ts). */
  articles: () => Promise<ArticleIndex>;
  /** Where conversations' files keep their bytes (chat/files/bytes.ts): PostgreSQL, or the data directory beside PGlite. */
  fileBytes: FileBytes;
  /** The time now (ms since the epoch) for office hours; tests set it instead of waiting for an hour to come. */
  clock: () => number;
  log: Log;
}

/** PGlite's own folder inside the data directory, which also holds the secret and the admin channel. */
export const pgliteDir = (config: Pick<Config, 'FOYER_DATA_DIR'>) => join(config.FOYER_DATA_DIR, 'pglite');

/** Beside PGlite, the bytes of conversations' files (chat/files/diskBytes.ts). */
export const filesDir = (config: Pick<Config, 'FOYER_DATA_DIR'>) => join(config.FOYER_DATA_DIR, 'files');

export async function createServices(
  config: Config,
  options: { db?: Database; log?: Log; verifyIdToken?: IdTokenVerifier } = {},
): Promise<Services> {
  const log = options.log ?? consoleLog;
  if (!options.db) await ensurePrivateDirectory(config.FOYER_DATA_DIR, log);
  const db = options.db ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: pgliteDir(config) }));
  let keys: Keys;
  const fileBytes = db.kind === 'pglite' ? diskBytes(filesDir(config)) : databaseBytes(db);
  try {
    const applied = await migrate(db);
    if (applied.length) log.info(`Database: applied migration${applied.length > 1 ? 's' : ''} ${applied.join(', ')}.`);
    if (db.kind === 'pglite') {
      const moved = await moveBytesToDisk(db, fileBytes);
      if (moved) log.info(`Files: moved ${moved} stored copies from the database to ${filesDir(config)}.`);
    }
    keys = await deriveKeys(await loadSecret(config));
  } catch (error) {
    // Opened here, so closed here: PGlite left open would need recovery at the next start.
    if (!options.db) await db.close();
    throw error;
  }
  const sessionVersions = sessionVersionCache(db);
  const chat = createChatHub(db, log, (who) => who.kind === 'contact' && sessionVersions.forget(who.id));
  const mail = createMailer(config, db, log);
  const replica = await openReplicaOf(config, db, log);
  return {
    config,
    db,
    replica,
    chat,
    typing: typingSignals(chat),
    sendLimit: memoryRateLimit({ max: config.SEND_RATE_LIMIT, windowSeconds: config.SEND_RATE_WINDOW_SECONDS }),
    sessionVersions,
    streams: new StreamLimits({
      perReader: { contact: config.STREAMS_PER_CONTACT, staff: config.STREAMS_PER_STAFF },
      perAddress: config.STREAMS_PER_ADDRESS,
      total: config.STREAMS_MAX ?? defaultStreamMax(),
    }),
    verifyIdToken: options.verifyIdToken ?? firebaseVerifier(config),
    keys,
    botCheck: createBotCheck(config),
    mail,
    // Only missed-message e-mails ask who is reading: without e-mail nothing is recorded.
    presence: mail ? streamPresence(db, log) : noPresence,
    articles: articleIndex(config.FOYER_OUT_DIR),
    fileBytes,
    clock: Date.now,
    log,
  };
}

async function openReplicaOf(config: Config, db: Database, log: Log): Promise<Services['replica']> {
  if (!config.DATABASE_REPLICA_URL || db.kind !== 'postgres')
    return { query: (sql, params) => db.query(sql, params), close: async () => {} };
  const { openReplica } = await import('./db/postgres.ts');
  let warned = 0;
  return openReplica(config.DATABASE_REPLICA_URL, db, {
    maxLagSeconds: config.DATABASE_REPLICA_MAX_LAG_SECONDS,
    onFallback(why) {
      // Once a minute at most: a replica that is down or behind fails every read.
      if (Date.now() - warned < 60_000) return;
      warned = Date.now();
      log.error('Database: the replica (DATABASE_REPLICA_URL) could not serve a read; reading DATABASE_URL meanwhile:', why);
    },
  });
}

/** Stops what the services run, streams first (their clients go on to another process), then closes the database. */
export async function closeServices(services: Services): Promise<void> {
  await services.chat.close();
  await services.mail?.stop();
  await services.presence.stop();
  await services.replica.close();
  await services.db.close();
}
