import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, rateLimitGroup } from './clientAddress.ts';

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

describe('what rate limits count an address as', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['::1', '::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, group) => {
    expect(rateLimitGroup(address)).toBe(group);
  });

  it('puts every address of one /64 in one group, and neighbouring /64s in others', () => {
    expect(rateLimitGroup('2001:db8:0:1::a')).toBe(rateLimitGroup('2001:db8:0:1:dead:beef:0:1'));
    expect(rateLimitGroup('2001:db8:0:1::a')).not.toBe(rateLimitGroup('2001:db8:0:2::a'));
  });
});
