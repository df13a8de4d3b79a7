/**
 * Serves /api/* straight from Node's HTTP server, without web Request/Response objects. Going through
 * Astro's page pipeline capped even an empty endpoint at about 3,100 requests a second on the 2-core
 * reference machine, below the 5,000 the API must sustain (see README, Budgets).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest } from '../api/exchange.ts';
import type { Api } from '../api/router.ts';

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      // Keep one byte past the limit, so the API sees the body is too large; drop the rest as it arrives.
      if (size <= limit) chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => resolve(Buffer.concat(chunks).subarray(0, limit + 1)));
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('aborted')));
  });
}

export async function serveApi(api: Api, req: IncomingMessage, res: ServerResponse, path: string, clientAddress: string): Promise<void> {
  const request: ApiRequest = {
    method: req.method ?? 'GET',
    path,
    header: (name) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    },
    body: (limit) => readBody(req, limit),
    clientAddress,
  };
  const { status, headers, body } = await api.answer(request);
  if (res.destroyed) return;
  res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
