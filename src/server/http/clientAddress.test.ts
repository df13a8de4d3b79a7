import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './clientAddress.ts';

const request = (forwardedFor?: string) =>
  ({ headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: '10.0.0.2' } }) as Pick<
    IncomingMessage,
    'headers' | 'socket'
  >;

describe('the client address rate limits count by', () => {
  it('is the socket’s address unless a proxy is trusted', () => {
    expect(clientAddress(request('203.0.113.9'), false)).toBe('10.0.0.2');
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['198.51.100.1, 203.0.113.9', '203.0.113.9'],
    ['spoofed-by-client, 2001:db8::1', '2001:db8::1'],
    ['203.0.113.9, not-an-address', '10.0.0.2'],
    ['x'.repeat(5000), '10.0.0.2'],
    ['', '10.0.0.2'],
  ])('behind a trusted proxy, X-Forwarded-For %j counts as %s (the entry the proxy added)', (header, expected) => {
    expect(clientAddress(request(header), true)).toBe(expected);
  });

  it('falls back to the socket without the header', () => {
    expect(clientAddress(request(), true)).toBe('10.0.0.2');
  });
});
