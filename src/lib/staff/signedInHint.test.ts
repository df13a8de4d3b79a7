import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasStaffHint, setStaffHint, staffHintKey } from './signedInHint.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the staff sign-in hint', () => {
  it('is set at sign-in and cleared at sign-out', () => {
    const data = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => data.set(key, value),
      removeItem: (key: string) => data.delete(key),
    });
    expect(hasStaffHint()).toBe(false);
    setStaffHint(true);
    expect(data.get(staffHintKey)).toBe('1');
    expect(hasStaffHint()).toBe(true);
    setStaffHint(false);
    expect(hasStaffHint()).toBe(false);
  });

  it('says no where there is no storage', () => {
    expect(hasStaffHint()).toBe(false);
    expect(() => setStaffHint(true)).not.toThrow();
  });
});
