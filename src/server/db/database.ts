/**
 * What the rest of the server sees of the database (opened by openDatabase.ts): PGlite or PostgreSQL speak the same
 * SQL; callers see plain rows, with 64-bit integers as numbers and times as Dates.
 */

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start from a migrated one). */
  dump?(): Promise<Blob>;
  /** Notifications between the processes that share the database: PostgreSQL's LISTEN/NOTIFY; none with PGlite. */
  notifications?: Notifications;
  /** PostgreSQL only: the connection pool's connections now, for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** LISTEN/NOTIFY on one channel name, kept apart per schema so tests sharing a server do not hear each other. */
export interface Notifications {
  /** Sends a notification; in a transaction (`tx`), it goes out at commit, and never if it rolls back. */
  notify(tx: Queryable, channel: string, payload: string): Promise<void>;
  /**
   * The same from inside a statement of the caller's: a select-list item that sends the text of `payloadSql` (an
   * expression over the statement's own columns) when the statement commits. A carrier outside the database has
   * none; its callers use `notify` in a transaction instead.
   */
  notifyInStatement?(channel: string, payloadSql: string): string;
  /**
   * Listens on one dedicated connection that reconnects by itself; `onReconnect` runs after a reconnect, when
   * notifications may have been missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect: () => void): Promise<{ close(): Promise<void> }>;
}

/** A unique index or key refused the row (PostgreSQL's code 23505, PGlite's too). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
