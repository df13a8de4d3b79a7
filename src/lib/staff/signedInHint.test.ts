import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasStaffHint, setStaffHint, setStaffProfile, staffHintKey, staffProfile, staffProfileKey } from './signedInHint.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the staff sign-in hint', () => {
  let data: Map<string, string>;
  beforeEach(() => {
    data = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => data.set(key, value),
      removeItem: (key: string) => data.delete(key),
    });
  });

  it('is set at sign-in and cleared at sign-out', () => {
    expect(hasStaffHint()).toBe(false);
    setStaffHint(true);
    expect(data.get(staffHintKey)).toBe('1');
    expect(hasStaffHint()).toBe(true);
    setStaffHint(false);
    expect(hasStaffHint()).toBe(false);
  });

  it('keeps the name and picture the header shows, never a token, and forgets them at sign-out', () => {
    setStaffHint(true, { uid: 'u1', name: 'lee@example.com', avatarUrl: null });
    expect(staffProfile()).toEqual({ uid: 'u1', name: 'lee@example.com', avatarUrl: null });
    expect(Object.keys(JSON.parse(data.get(staffProfileKey)!) as object).sort()).toEqual(['avatarUrl', 'name', 'uid']);
    setStaffHint(false);
    expect(staffProfile()).toBeNull();
    expect(data.has(staffProfileKey)).toBe(false);
  });

  it('lets the organisation’s record replace the first guess, and a token refresh does not undo it', () => {
    setStaffHint(true, { uid: 'u1', name: 'lee@example.com', avatarUrl: null });
    setStaffProfile({ uid: 'u1', name: 'Lee', avatarUrl: 'https://example.org/lee.png' });
    setStaffHint(true, { uid: 'u1', name: 'lee@example.com', avatarUrl: null });
    expect(staffProfile()).toEqual({ uid: 'u1', name: 'Lee', avatarUrl: 'https://example.org/lee.png' });
    // Another person signing in on this browser gets their own.
    setStaffHint(true, { uid: 'u2', name: 'Kim', avatarUrl: null });
    expect(staffProfile()?.name).toBe('Kim');
  });

  it('shows no profile without the flag, or when the stored record is not one', () => {
    data.set(staffProfileKey, JSON.stringify({ uid: 'u1', name: 'Lee', avatarUrl: null }));
    expect(staffProfile()).toBeNull();
    setStaffProfile({ uid: 'u1', name: 'Lee', avatarUrl: null });
    expect(hasStaffHint()).toBe(false);
    data.set(staffHintKey, '1');
    data.set(staffProfileKey, '{not json');
    expect(staffProfile()).toBeNull();
    data.set(staffProfileKey, JSON.stringify({ name: 42 }));
    expect(staffProfile()).toBeNull();
  });
});

describe('without storage', () => {
  it('says no and does not throw', () => {
    expect(hasStaffHint()).toBe(false);
    expect(staffProfile()).toBeNull();
    expect(() => setStaffHint(true, { uid: 'u1', name: 'Lee', avatarUrl: null })).not.toThrow();
  });
});
