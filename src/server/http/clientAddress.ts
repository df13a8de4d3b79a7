/** The client's address, which rate limits count by. */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * Behind a trusted proxy (TRUST_PROXY) it is the last X-Forwarded-For entry, the one the proxy itself added:
 * entries before it come from the client and can say anything. It is used only when it is an IP address.
 */
export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  const forwarded = trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',').at(-1)?.trim() : undefined;
  if (forwarded && isIP(forwarded)) return forwarded;
  return req.socket.remoteAddress ?? 'unknown';
}
