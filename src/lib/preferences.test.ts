import { describe, expect, it } from 'vitest';
import { cookieAttributes } from './cookies.ts';
import { preferenceCookieDays } from './preferences.ts';

describe('preference cookies', () => {
  it('last 365 days, SameSite lax, on the whole site (seed: language cookie)', () => {
    expect(preferenceCookieDays).toBe(365);
    expect(cookieAttributes(preferenceCookieDays, 'http:')).toEqual({ expires: 365, sameSite: 'lax', path: '/', secure: false });
    expect(cookieAttributes(preferenceCookieDays, 'https:').secure).toBe(true);
  });
});
