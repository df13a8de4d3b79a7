import { describe, expect, it } from 'vitest';
import { emailProblem, passwordMinLength, passwordProblem, repeatProblem } from './fieldRules.ts';

describe('staff field rules', () => {
  it('an empty or blank e-mail address is missing', () => {
    expect(emailProblem('')).toBe('missing');
    expect(emailProblem('   ')).toBe('missing');
  });

  it.each(['not-an-address', 'lee@example', '@example.com', 'lee@.com', 'lee lee@example.com', 'lee@@example.com'])(
    '%j is not an e-mail address',
    (value) => expect(emailProblem(value)).toBe('invalid'),
  );

  it('an address with a dot after the @ passes, spaces around it trimmed', () => {
    expect(emailProblem('lee@example.com')).toBeNull();
    expect(emailProblem('  lee.o@mail.example.co.uk ')).toBeNull();
  });

  it('a new password needs at least 8 characters', () => {
    expect(passwordMinLength).toBe(8);
    expect(passwordProblem('1234567', { isNew: true })).toBe('short');
    expect(passwordProblem('12345678', { isNew: true })).toBeNull();
  });

  it('signing in takes a password of any length, but not none', () => {
    expect(passwordProblem('1234', { isNew: false })).toBeNull();
    expect(passwordProblem('', { isNew: false })).toBe('missing');
    expect(passwordProblem('', { isNew: true })).toBe('missing');
  });

  it('the repeated password must match exactly', () => {
    expect(repeatProblem('new-password-2', 'new-password-2')).toBeNull();
    expect(repeatProblem('new-password-2', 'new-password-2 ')).toBe('mismatch');
  });
});
