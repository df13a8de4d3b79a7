/** A PostgreSQL server through node-postgres: a pool of connections, optionally inside one schema. */
import pg from 'pg';
import type { Database, Notifications, Queryable, Row } from './database.ts';

// 64-bit integers (ids, counts) as numbers, as PGlite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema && !identifier.test(schema)) throw new Error(`"${schema}" is not a usable schema name (lowercase letters, digits, _).`);
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    // Two processes creating it at once make "if not exists" fail for one of them; either way it exists.
    await setup.query(`create schema if not exists ${schema}`).catch((error: { code?: string }) => {
      if (error.code !== '23505' && error.code !== '42P06') throw error;
    });
    await setup.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(schema && { options: `-c search_path=${schema}` }) });
  pool.on('error', (error) => console.error('PostgreSQL connection error:', error.message));
  const on = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T extends Row>(sql: string, params: unknown[] = []) => (await target.query<T>(sql, params)).rows,
  });
  return {
    kind: 'postgres',
    notifications: notifications(url, schema),
    ...on(pool),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(on(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * A read-only pool on a replica, for reads that may lag (services.ts: `replica`). A read goes to the primary instead
 * when the replica cannot answer it (unreachable, silent past `queryTimeoutMs`, shutting down, or cancelling it for
 * its recovery) and while the replica is behind by more than `maxLagSeconds`, so a report is slower or a little
 * fresher, never missing or stale for long; `onFallback` hears why.
 */
export function openReplica(
  url: string,
  primary: Queryable,
  {
    maxLagSeconds,
    onFallback,
    queryTimeoutMs = 15_000,
  }: { maxLagSeconds: number; onFallback: (why: unknown) => void; queryTimeoutMs?: number },
): Queryable & { close(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 5,
    options: '-c default_transaction_read_only=on',
    keepAlive: true,
    connectionTimeoutMillis: 2000,
    query_timeout: queryTimeoutMs,
  });
  pool.on('error', (error) => console.error('PostgreSQL replica connection error:', error.message));
  const lag = replicaLag(primary, pool, maxLagSeconds);
  return {
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      if (lag.behind) {
        onFallback(new Error(`the replica is more than ${maxLagSeconds} s behind`));
        return primary.query<T>(sql, params);
      }
      try {
        return (await pool.query<T>(sql, params)).rows;
      } catch (error) {
        if (!replicaAway(error)) throw error;
        onFallback(error);
        return primary.query<T>(sql, params);
      }
    },
    async close() {
      lag.stop();
      await pool.end();
    },
  };
}

/**
 * Whether the replica is behind: every few seconds the primary's WAL position is noted with the time, and the
 * replica is behind while it has not replayed the position the primary had `maxLagSeconds` ago. (The time of the last
 * replayed transaction would not do: on a quiet primary it grows old while the replica is up to date.)
 */
function replicaLag(primary: Queryable, replica: pg.Pool, maxLagSeconds: number) {
  const marks: { at: number; lsn: string }[] = [];
  const state = { behind: false, stop: () => clearInterval(timer) };
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const [now] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      marks.push({ at: Date.now(), lsn: now!.lsn });
      const due = marks.filter((mark) => mark.at <= Date.now() - maxLagSeconds * 1000).at(-1);
      if (!due) return;
      marks.splice(0, marks.indexOf(due));
      const [row] = (
        await replica.query<{ replayed: boolean | null }>(`select pg_last_wal_replay_lsn() >= $1::pg_lsn as replayed`, [due.lsn])
      ).rows;
      // Null: not a replica at all (no replay), so nothing says it is current.
      state.behind = row?.replayed !== true;
    } catch {
      // A replica that does not answer is handled where reads fail; a primary that does not answer fails them anyway.
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), Math.max(250, Math.min(5000, (maxLagSeconds * 1000) / 4)));
  timer.unref();
  return state;
}

/**
 * The replica, not the query, is the trouble: anything that is not an answer from PostgreSQL (a network error, a
 * timeout), or one of its connection exceptions (08…), too many connections (53300), shutting down (57P01–57P03), or
 * a conflict with its recovery (40001).
 */
function replicaAway(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  const code = error.code ?? '';
  return code.startsWith('08') || ['53300', '57P01', '57P02', '57P03', '40001'].includes(code);
}

/** Reconnects wait this long, doubling up to 10 s. */
const reconnectFirstMs = 250;
const reconnectMaxMs = 10_000;
const pingEveryMs = 30_000;
const pingTimeoutMs = 10_000;

function notifications(url: string, schema: string | undefined): Notifications {
  const qualified = (channel: string) => (schema ? `${schema}_${channel}` : channel);
  return {
    notify: async (tx, channel, payload) => void (await tx.query('select pg_notify($1, $2)', [qualified(channel), payload])),
    notifyInStatement(channel, payloadSql) {
      const name = qualified(channel);
      // The name is checked, so it may stand in the SQL as a literal.
      if (!identifier.test(name)) throw new Error(`"${name}" is not a usable channel name.`);
      return `pg_notify('${name}', ${payloadSql})`;
    },
    async listen(channel, onPayload, onReconnect) {
      const name = qualified(channel);
      if (!identifier.test(name)) throw new Error(`"${name}" is not a usable channel name.`);
      let client: pg.Client | undefined;
      let closed = false;
      let wait = reconnectFirstMs;
      let timer: NodeJS.Timeout | undefined;
      const connect = async (reconnecting: boolean): Promise<void> => {
        // keepAlive and a ping: a connection that died without a word (NAT timeout, failover) is noticed and replaced.
        const next = new pg.Client({ connectionString: url, keepAlive: true });
        next.on('notification', (message) => {
          if (message.channel === name && message.payload !== undefined) onPayload(message.payload);
        });
        // A dropped connection (server restart, network) is replaced; what was missed meanwhile is read back.
        let established = false;
        const lost = () => {
          // The first connection's failure goes to the caller instead.
          if (closed || client !== next || (!established && !reconnecting)) return;
          client = undefined;
          next.end().catch(() => {});
          timer = setTimeout(() => void connect(true).catch(() => {}), wait);
          wait = Math.min(wait * 2, reconnectMaxMs);
        };
        next.on('error', lost);
        next.on('end', lost);
        client = next;
        try {
          await next.connect();
          await next.query(`listen ${name}`);
        } catch (error) {
          if (!reconnecting) {
            client = undefined;
            await next.end().catch(() => {});
            throw error;
          }
          lost();
          return;
        }
        established = true;
        wait = reconnectFirstMs;
        const ping = setInterval(() => {
          const timeout = new Promise((_, fail) => setTimeout(() => fail(new Error('ping timed out')), pingTimeoutMs).unref());
          Promise.race([next.query('select 1'), timeout]).catch(lost);
        }, pingEveryMs);
        ping.unref();
        next.once('end', () => clearInterval(ping));
        if (reconnecting) onReconnect();
      };
      await connect(false);
      return {
        async close() {
          closed = true;
          clearTimeout(timer);
          await client?.end().catch(() => {});
        },
      };
    },
  };
}
