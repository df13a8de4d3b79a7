import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../http/client.ts';
import { noticeFor } from './sessionView.ts';

describe('the notice for a failed session call', () => {
  it.each([
    ['code_not_accepted', 401, 'session.codeNotAccepted'],
    ['invalid_token', 401, 'session.ended'],
    ['token_expired', 401, 'session.ended'],
    ['session_ended', 401, 'session.ended'],
    ['unauthorized', 401, 'session.ended'],
    ['out_of_scope', 403, 'session.noAccess'],
    ['not_found', 404, 'session.noAccess'],
    ['rate_limited', 429, 'apiError.rate_limited'],
    ['bot_check_failed', 403, 'apiError.bot_check_failed'],
    ['network', 0, 'apiError.network'],
    ['internal', 500, 'apiError.unknown'],
  ])('is a translated message for %s, never the server’s English', (code, status, notice) => {
    expect(noticeFor(new ApiRequestError(status, code, 'server text'))).toBe(notice);
  });

  it('is the generic one for anything that is not an API answer', () => {
    expect(noticeFor(new TypeError('boom'))).toBe('apiError.unknown');
  });
});
