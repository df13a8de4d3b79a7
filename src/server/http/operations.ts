/**
 * What an operator's tools ask a process, outside the API: GET /healthz (the process answers), GET /readyz (it can
 * serve: the database answers, its migrations are all applied, it hears the other processes, and it is not
 * stopping, so a proxy drains it before it goes) and GET /metrics (Prometheus, behind METRICS_TOKEN). Answers are
 * never cached and never compressed away from a probe's reach.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { migrations } from '../db/migrations.ts';
import type { Services } from '../services.ts';
import type { Metrics } from '../metrics.ts';

const probeMs = 2000;
const latestMigration = Math.max(...migrations.map((migration) => migration.id));

function answer(res: ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const withinProbeTime = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_, fail) => setTimeout(() => fail(new Error('timed out')), probeMs).unref())]);

export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'failed'; migrations: 'ok' | 'behind' | 'unknown'; listener: string; stopping: boolean };
}

export async function readiness(services: Services, stopping: boolean): Promise<Readiness> {
  let database: Readiness['checks']['database'] = 'ok';
  let applied = 0;
  try {
    const [row] = await withinProbeTime(services.db.query<{ latest: number | null }>(`select max(id) as latest from schema_migrations`));
    applied = Number(row?.latest ?? 0);
  } catch {
    database = 'failed';
  }
  const migrationsState = database === 'failed' ? 'unknown' : applied >= latestMigration ? 'ok' : 'behind';
  const listener = services.chat.listenerState();
  const ready = !stopping && database === 'ok' && migrationsState === 'ok' && listener !== 'failed';
  return { ready, checks: { database, migrations: migrationsState, listener, stopping } };
}

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Answers the three addresses (true), or leaves the request to the rest (false). */
export function operations(services: Services, metrics: Metrics, isStopping: () => boolean) {
  return (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    if (pathname !== '/healthz' && pathname !== '/readyz' && pathname !== '/metrics') return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      answer(res, 405, JSON.stringify({ error: { code: 'method_not_allowed', message: 'Use GET.' } }));
      return true;
    }
    if (pathname === '/healthz') {
      answer(res, 200, JSON.stringify({ status: 'ok' }));
      return true;
    }
    if (pathname === '/readyz') {
      void readiness(services, isStopping()).then((state) =>
        answer(res, state.ready ? 200 : 503, JSON.stringify({ status: state.ready ? 'ready' : 'not_ready', checks: state.checks })),
      );
      return true;
    }
    const token = services.config.METRICS_TOKEN;
    if (!token) {
      answer(res, 404, JSON.stringify({ error: { code: 'not_found', message: 'Metrics are off: set METRICS_TOKEN to turn them on.' } }));
    } else if (!bearerMatches(req, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      answer(res, 401, JSON.stringify({ error: { code: 'unauthorized', message: 'Give the metrics token as a bearer token.' } }));
    } else {
      void metrics.render().then(
        ({ text, contentType }) => answer(res, 200, text, contentType),
        (error: unknown) => {
          services.log.error('Metrics could not be read:', error);
          answer(res, 500, JSON.stringify({ error: { code: 'internal', message: 'The metrics could not be read.' } }));
        },
      );
    }
    return true;
  };
}
