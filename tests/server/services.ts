/** Services and an API caller for tests: a fixed secret, a private data directory, no log noise. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi, type Api } from '../../src/server/api/router.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { silentLog } from '../../src/server/log.ts';
import { createServices, type Services } from '../../src/server/services.ts';

export const testSecret = 'a-test-secret-that-is-long-enough-for-foyer';

export async function testServices(db: Database, env: Record<string, string> = {}): Promise<Services> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: testSecret,
    FOYER_DATA_DIR: mkdtempSync(join(tmpdir(), 'foyer-test-')),
    SITE_URL: 'https://help.example.com',
    ...env,
  });
  return createServices(config, { db, log: silentLog });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is instead of JSON.stringify(body). */
  raw?: BodyInit;
  token?: string;
  contentType?: string;
  method?: string;
  address?: string;
  /** More request headers (user-agent, cookie). */
  headers?: Record<string, string>;
}

/** Calls the API in process, the way the Astro route does, and reads the JSON answer. */
export function apiCaller(services: Services): (path: string, options?: CallOptions) => Promise<Answer> {
  const api: Api = createApi(services);
  return async (
    path,
    { body, raw, token, contentType = 'application/json', method = 'POST', address = '192.0.2.1', headers: extra = {} } = {},
  ) => {
    const headers = new Headers({ 'content-type': contentType, ...extra });
    if (token) headers.set('authorization', `Bearer ${token}`);
    const payload = method === 'GET' || method === 'HEAD' ? undefined : (raw ?? JSON.stringify(body ?? {}));
    const response = await api.handle(new Request(`http://localhost${path}`, { method, headers, body: payload ?? null }), address);
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}
