import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { startApiServer, type ApiServer } from '../../../tests/server/apiServer.ts';
import { testDatabases } from '../../../tests/server/databases.ts';
import { testServices } from '../../../tests/server/services.ts';

describe('the API on a Node socket', () => {
  let db: Database;
  let server: ApiServer;
  beforeAll(async () => {
    db = await testDatabases[0]!.open();
    server = await startApiServer(await testServices(db));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers 413 to an endless body sent without a length, without waiting for its end', async () => {
    const { port } = new URL(server.url);
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/api/contacts/get',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        clearInterval(pump);
        req.destroy();
      });
      req.on('error', (error) => (Date.now() - started < 5000 ? undefined : reject(error)));
      req.write('{"chatBoxId":"');
      // 16 KB every 10 ms, for ever: only the server's early answer ends it.
      const pump = setInterval(() => req.write('x'.repeat(16 * 1024)), 10);
    });
    expect(status).toBe(413);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
