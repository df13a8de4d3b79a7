/**
 * A TCP proxy between the browser and the test server, to cut a connection the way a network does: Playwright's
 * setOffline does not end a stream already open (TOOLCHAIN.md). While cut, open sockets are destroyed and new
 * ones refused. `throttle` slows what clients send, so an upload is still under way when the cut comes.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  origin: string;
  cut(): void;
  restore(): void;
  /** At most this many bytes a second from each client to the server; undefined for full speed. */
  throttle(bytesPerSecond: number | undefined): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let cut = false;
  let rate: number | undefined;
  const server = createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      const flowing = upstream.write(chunk);
      const waitMs = rate ? (chunk.length / rate) * 1000 : 0;
      if (flowing && !waitMs) return;
      client.pause();
      // Listening for 'drain' at once: it can come before any timer would run.
      const drained = flowing ? undefined : new Promise((done) => upstream.once('drain', done));
      const waited = new Promise((done) => setTimeout(done, waitMs));
      void Promise.all([drained, waited]).then(() => client.resume());
    });
    client.on('end', () => upstream.end());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    throttle(bytesPerSecond) {
      rate = bytesPerSecond;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
