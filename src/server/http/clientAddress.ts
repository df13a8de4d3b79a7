/** The client's address, which rate limits count by. */
import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * Behind a trusted proxy (TRUST_PROXY) it is the last X-Forwarded-For entry, the one the proxy itself added:
 * entries before it come from the client and can say anything. It is used only when it is an IP address.
 */
export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')
        .at(-1)
        ?.trim()
    : undefined;
  if (forwarded && isIP(forwarded)) return forwarded;
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * What rate limits count a client address as: an IPv4 address whole (an IPv4-mapped IPv6 one as its IPv4), an IPv6
 * address by its /64, since one subscriber usually holds a whole /64 and could otherwise rotate through 2^64
 * addresses, each with a fresh limit.
 */
export function rateLimitGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.IPv6.parse(`${prefix.map((part) => part.toString(16)).join(':')}::`).toString()}/64`;
}
