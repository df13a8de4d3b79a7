import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../http/client.ts';
import { apiErrorText, formProblems } from './fieldIssues.ts';

const fields = ['email', 'name', 'chatBoxId'] as const;

describe('formProblems', () => {
  it('puts each refused field of invalid_body next to its input, with no general message', () => {
    const error = new ApiRequestError(400, 'invalid_body', 'The request body is not valid.', undefined, [
      { path: 'email', message: 'Invalid email address' },
      { path: 'chatBoxId', message: 'must be a chat box id' },
    ]);
    expect(formProblems(error, fields)).toEqual({ fields: { email: true, chatBoxId: true }, code: undefined });
  });

  it('keeps a general message for invalid_body about a field the form does not have', () => {
    const error = new ApiRequestError(400, 'invalid_body', 'x', undefined, [{ path: 'target', message: 'x' }]);
    expect(formProblems(error, fields)).toEqual({ fields: {}, code: 'invalid_body' });
  });

  it('turns other refusals and failures into one code', () => {
    expect(formProblems(new ApiRequestError(409, 'last_admin', 'x'), fields).code).toBe('last_admin');
    expect(formProblems(new Error('boom'), fields).code).toBe('unknown');
  });
});

describe('apiErrorText', () => {
  const t = ((key: string) => ({ 'apiError.last_admin': 'Last admin.', 'apiError.unknown': 'Something went wrong.' })[key] ?? key) as never;
  it('says a known code in the page’s words, and anything else generically', () => {
    expect(apiErrorText(t, 'last_admin')).toBe('Last admin.');
    expect(apiErrorText(t, 'teapot')).toBe('Something went wrong.');
  });
});
