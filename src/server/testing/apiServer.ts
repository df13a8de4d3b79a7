/** The real API on a loopback port, served the way Foyer's server does (http/nodeApi.ts), for browser-side tests. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi } from '../api/router.ts';
import { serveApi } from '../http/nodeApi.ts';
import type { Services } from '../services.ts';

export interface ApiServer {
  url: string;
  /** Every request that reached the server: method and path. */
  requests: string[];
  close(): Promise<void>;
}

export async function startApiServer(services: Services): Promise<ApiServer> {
  const api = createApi(services);
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(`${req.method} ${path}`);
    void serveApi(api, req, res, path, req.socket.remoteAddress ?? 'unknown');
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
