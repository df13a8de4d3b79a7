import { describe, expect, it } from 'vitest';
import { apiErrorKey } from './apiErrorKey.ts';

describe('the key for an API error', () => {
  it('is the code’s own key when translated, the generic one otherwise, never the server’s text', () => {
    const messages = { 'apiError.invalid_body': 'x', 'apiError.unknown': 'y' };
    expect(apiErrorKey('invalid_body', messages)).toBe('apiError.invalid_body');
    expect(apiErrorKey('something_new', messages)).toBe('apiError.unknown');
  });
});
