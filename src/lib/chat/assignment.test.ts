import { describe, expect, it } from 'vitest';
import type { StaffRecord } from '../api/staff.ts';
import { colleagues, displayName, isMe, myEmail } from './assignment.ts';

const person = (name: string, email: string, uid: string | null = null): StaffRecord => ({
  name,
  email,
  uid,
  avatarUrl: null,
  role: 'agent',
});
const staff = [
  person('Zoë', 'zoe@example.com', 'u3'),
  person('', 'new@example.com'),
  person('Lee', 'Lee@Example.com', 'u1'),
  person('Ana', 'ana@example.com', 'u2'),
];

describe('assignment', () => {
  it('knows oneself by uid, or by e-mail in any case (a colleague added by e-mail has no uid yet)', () => {
    expect(isMe({ uid: 'u1', email: 'x@example.com' }, { uid: 'u1', email: undefined })).toBe(true);
    expect(isMe({ uid: null, email: 'LEE@example.com' }, { uid: 'u9', email: 'lee@example.com' })).toBe(true);
    expect(isMe({ uid: null, email: 'ana@example.com' }, { uid: 'u1', email: undefined })).toBe(false);
  });

  it('offers every colleague but oneself, by name, those without one by e-mail', () => {
    const names = colleagues(staff, { uid: 'u1', email: undefined }, 'en').map(displayName);
    expect(names).toEqual(['Ana', 'new@example.com', 'Zoë']);
  });

  it('finds one’s own e-mail in the staff list when the organisation record is not there', () => {
    expect(myEmail({ uid: 'u1', email: undefined }, staff)).toBe('Lee@Example.com');
    expect(myEmail({ uid: 'u1', email: 'lee@example.com' }, [])).toBe('lee@example.com');
    expect(myEmail({ uid: 'u7', email: undefined }, staff)).toBeUndefined();
  });
});
