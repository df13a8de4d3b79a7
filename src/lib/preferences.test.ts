import { describe, expect, it } from 'vitest';
import { preferenceCookieAttributes, preferenceCookieDays } from './preferences.ts';

describe('preference cookies', () => {
  it('last 365 days, SameSite lax, on the whole site (seed: language cookie)', () => {
    expect(preferenceCookieDays).toBe(365);
    expect(preferenceCookieAttributes('http:')).toEqual({ expires: 365, sameSite: 'lax', path: '/', secure: false });
    expect(preferenceCookieAttributes('https:').secure).toBe(true);
  });
});
