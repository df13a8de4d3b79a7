import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrations } from '../db/migrations.ts';
import { createMetrics } from '../metrics.ts';
import { closeServices, type Services } from '../services.ts';
import { routes } from './router.ts';
import { operations } from './operations.ts';
import { routeLabel } from './requestHandler.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { openStream } from '../../../tests/server/eventStreams.ts';
import { contactWithSession, invited } from '../../../tests/server/invitations.ts';
import { testServices } from '../../../tests/server/services.ts';

const token = 'metrics-token-for-the-test';
const latest = Math.max(...migrations.map((migration) => migration.id));

describe.each(testDatabases)('health, readiness and metrics on $name', ({ name, open }) => {
  let db: Database;
  let services: Services;
  let server: ApiServer;
  let stopping = false;
  beforeAll(async () => {
    db = await open();
    services = await testServices(db, { METRICS_TOKEN: token, SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'help@example.com' });
    const metrics = createMetrics(services);
    server = await startApiServer(services, {
      operations: operations(services, metrics, () => stopping),
      metrics,
      apiPaths: new Set(routes.map((declared) => declared.path)),
    });
  });
  afterAll(async () => {
    await server.close();
    await closeServices(services);
  });
  const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);

  it('says the process is up, and ready only while the database answers, is migrated and the process is not stopping', async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      // One process on PGlite hears nobody else; on PostgreSQL it listens once a stream opens.
      checks: { database: 'ok', migrations: 'ok', listener: name === 'PGlite' ? 'not_needed' : 'idle', stopping: false },
    });

    // A database an older Foyer migrated, as during a deploy: not ready until it is migrated.
    const [row] = await db.query<{ name: string }>(`delete from schema_migrations where id = $1 returning name`, [latest]);
    const behind = await get('/readyz');
    await db.query(`insert into schema_migrations (id, name) values ($1, $2)`, [latest, row!.name]);
    expect(behind.status).toBe(503);
    expect(await behind.json()).toMatchObject({ status: 'not_ready', checks: { migrations: 'behind' } });

    stopping = true;
    const draining = await get('/readyz');
    stopping = false;
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: 'not_ready', checks: { stopping: true } });
    expect((await get('/healthz', { method: 'POST' })).status).toBe(405);
  });

  it('gives Prometheus its figures with the token only: requests by declared route, streams, the outbox, Node', async () => {
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { headers: { authorization: 'Bearer wrong-token-of-same-size!' } })).status).toBe(401);
    const contact = await invited(services, { sendEmail: true });
    await fetch(`${server.url}/api/chat/messages/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chatBoxId: contact.chatBoxId }),
    });
    await fetch(`${server.url}/api/no/such/route?secret=1`, { method: 'POST' });

    const answer = await get('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(text).toMatch(/foyer_http_requests_total\{route="\/api\/chat\/messages\/list",method="POST",status="401"\} 1/);
    // An unknown address is one label, never its own (nor its query).
    expect(text).toMatch(/foyer_http_requests_total\{route="\/api\/other",method="POST",status="404"\} 1/);
    expect(text).toMatch(/foyer_http_request_duration_seconds_bucket\{le="0.5",route="\/api\/chat\/messages\/list"\} 1/);
    expect(text).toMatch(/^foyer_event_streams_open 0$/m);
    // The invitation e-mail waits in the outbox (no worker runs here).
    expect(text).toMatch(/^foyer_mail_outbox_backlog 1$/m);
    expect(text).toMatch(/^foyer_chat_listener\{state="(not_needed|idle)"\} 1$/m);
    expect(text).toMatch(/^foyer_process_resident_memory_bytes \d+/m);
    if (name !== 'PGlite') expect(text).toMatch(/^foyer_db_pool_connections\{state="total"\} \d+$/m);
  });

  it('times each message from its storing to this process’s streams', async () => {
    const ana = await contactWithSession(services);
    const stream = await openStream(`${server.url}/api/chat/stream?chatBoxId=${ana.chatBoxId}`, ana.token);
    const sent = await fetch(`${server.url}/api/chat/messages/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ chatBoxId: ana.chatBoxId, clientId: randomUUID(), text: 'Timed' }),
    });
    expect(sent.status).toBe(200);
    await stream.waitFor((event) => event.event === 'message');
    stream.close();
    const text = await (await get('/metrics', { headers: { authorization: `Bearer ${token}` } })).text();
    expect(text).toMatch(/^foyer_chat_delivery_lag_seconds_count\{from="this_process"\} 1$/m);
    // Stored a moment ago on the same machine: well under a second.
    expect(text).toMatch(/^foyer_chat_delivery_lag_seconds_bucket\{le="1",from="this_process"\} 1$/m);
  });

  it('keeps metrics off without a token', async () => {
    const quiet = await testServices(db, {});
    const handler = operations(quiet, createMetrics(quiet), () => false);
    const plain = await startApiServer(quiet, { operations: handler });
    try {
      const answer = await fetch(`${plain.url}/metrics`);
      expect(answer.status).toBe(404);
      expect((await answer.json()).error.code).toBe('not_found');
    } finally {
      await plain.close();
    }
  });
});

describe('routeLabel', () => {
  it('names declared API paths and puts everything else under a few words', () => {
    const paths = new Set(['/api/chat/read']);
    expect(routeLabel('/api/chat/read', paths)).toBe('/api/chat/read');
    expect(routeLabel('/api/chat/read/x', paths)).toBe('/api/other');
    expect(routeLabel('/en/articles/a', paths)).toBe('site');
    expect(routeLabel('/readyz', paths)).toBe('/readyz');
  });
});
