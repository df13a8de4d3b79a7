/** Services and an API caller for tests: a fixed secret, a private data directory, no log noise. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { contract } from '../../src/lib/api/contract.ts';
import { endpoints, type EndpointName } from '../../src/lib/api/endpoints.ts';
import { errorAnswerSchema } from '../../src/lib/api/errors.ts';
import { createApi, type Api } from '../../src/server/http/router.ts';
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
    const answer = { status: response.status, headers: response.headers, body: await response.json() };
    checkAnswer(method, path, answer);
    return answer;
  };
}

/**
 * Every answer a test gets is checked against the contract: a success against its endpoint's answer schema
 * (lib/api/contract.ts), a refusal against the error shape. Checked whole: a field the schema does not name, or one
 * that differs in shape, fails the test, so an answer cannot change without its schema (and the browser's types).
 */
function checkAnswer(method: string, target: string, { status, body }: Answer): void {
  const path = target.split('?')[0];
  const name = (Object.keys(endpoints) as EndpointName[]).find((key) => endpoints[key].path === path && endpoints[key].method === method);
  // A redirect after a form post, or an address the API does not have (a 404 that the error check below covers).
  if (status >= 300 && status < 400) return;
  const schema: z.ZodType | undefined = status < 300 ? name && (contract[name] as { answer?: z.ZodType }).answer : errorAnswerSchema;
  if (!schema) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, body)) {
    const why = parsed.success ? 'it holds more than the schema names' : parsed.error.message;
    throw new Error(`${method} ${path} answered ${status} with a body its contract does not describe (${why}): ${JSON.stringify(body)}`);
  }
}
