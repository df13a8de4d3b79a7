/** The real API on a loopback port, served the way Foyer's server does (http/requestHandler.ts), for browser-side tests. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi } from '../../src/server/http/router.ts';
import { requestHandler, type HandlerParts } from '../../src/server/http/requestHandler.ts';
import { silentLog } from '../../src/server/log.ts';
import type { Services } from '../../src/server/services.ts';

export interface ApiServer {
  url: string;
  /** Every request that reached the server: method and path. */
  requests: string[];
  close(): Promise<void>;
}

/** `more`: the operator's addresses and the metrics, as the server adds them (http/operations.ts). */
export async function startApiServer(
  services: Services,
  more: Pick<HandlerParts, 'operations' | 'metrics' | 'apiPaths'> = {},
): Promise<ApiServer> {
  const api = createApi(services);
  const requests: string[] = [];
  const handler = requestHandler({
    api,
    site: (_req, res) => res.writeHead(404).end(),
    headersFor: () => ({}),
    clientAddress: (req) => req.socket.remoteAddress ?? 'unknown',
    log: silentLog,
    ...more,
  });
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
