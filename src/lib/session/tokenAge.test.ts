import { describe, expect, it } from 'vitest';
import { sessionTokenSeconds as tokenLifetimeSeconds } from '../api/sessions.ts';
import { ageSeconds, extendAfterSeconds, isPresent, nextChangeAt, nextStep, staleAfterSeconds } from './tokenAge.ts';

const now = Date.UTC(2026, 10, 22, 12);
/** A record whose token is this many seconds old. */
const aged = (seconds: number) => ({ token: 't', expiresAt: now + (tokenLifetimeSeconds - seconds) * 1000 });

describe('contact session rules (seed section 4)', () => {
  it('use the seed’s figures', () => {
    expect(tokenLifetimeSeconds).toBe(3600);
    expect(staleAfterSeconds).toBe(3540);
    expect(extendAfterSeconds).toBe(3000);
    expect(ageSeconds(aged(1234), now)).toBe(1234);
  });

  it.each([
    [0, true],
    [3539, true],
    [3540, false],
    [3600, false],
  ])('a token aged %i s is a previous session: %s', (age, present) => {
    expect(isPresent(aged(age), now)).toBe(present);
  });

  it('no token is no previous session', () => {
    expect(isPresent(undefined, now)).toBe(false);
    expect(isPresent({ token: '', expiresAt: now + 3600_000 }, now)).toBe(false);
  });

  it.each([
    // record age (s), code and contact id given, forced reload → step
    [undefined, false, false, 'none'],
    [undefined, true, false, 'verify'],
    [undefined, false, true, 'none'],
    [0, false, false, 'keep'],
    [2999, false, false, 'keep'],
    [2999, false, true, 'extend'],
    [3000, false, false, 'extend'],
    [3539, false, false, 'extend'],
    [3539, true, false, 'extend'],
    [3540, false, false, 'none'],
    [3540, true, false, 'verify'],
    [5000, false, true, 'none'],
  ] as const)('a token aged %s s, code %s, forced %s → %s', (age, hasCode, forceReload, step) => {
    expect(nextStep(age === undefined ? undefined : aged(age), { hasCode, forceReload }, now)).toBe(step);
  });

  it.each([
    [0, false, 'keep'],
    [3000, false, 'keep'],
    [3539, false, 'keep'],
    [3539, true, 'extend'],
    [3540, false, 'none'],
  ] as const)('a final token (cut at its session’s ceiling) aged %s s, forced %s → %s: age never extends it', (age, forceReload, step) => {
    expect(nextStep(aged(age), { hasCode: false, forceReload, final: true }, now)).toBe(step);
  });

  it('look at a token again when it reaches 3000 s, or a final one when it goes stale at 3540 s', () => {
    expect(nextChangeAt(aged(0), false)).toBe(now + 3000_000);
    expect(nextChangeAt(aged(0), true)).toBe(now + 3540_000);
    expect(nextChangeAt(aged(3200), true)).toBe(now + 340_000);
  });
});
