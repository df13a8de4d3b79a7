// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/http/client.ts';
import { keepSessionCurrent, noticeFor, type SessionView } from './sessionFlow.ts';

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

describe('an active session while the page is open', () => {
  const active = (checkAt: number): SessionView => ({
    kind: 'active',
    contact: { id: 'ct_1', email: 'ana@example.com', name: 'Ana', lang: 'en' },
    expiresAt: checkAt + 540_000,
    final: false,
    checkAt,
  });
  afterEach(() => vi.useRealTimers());

  it('is renewed when its token reaches the age to extend, and not after the page stops watching', async () => {
    vi.useFakeTimers();
    const shown: SessionView[] = [];
    const stop = keepSessionCurrent('cb_none', active(Date.now() + 1000), (view) => shown.push(view));
    await vi.advanceTimersByTimeAsync(999);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // No token on this device: renewing finds the session gone and asks for a code.
    await vi.waitFor(() => expect(shown.map((view) => view.kind)).toEqual(['code']));
    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(shown).toHaveLength(1);
  });

  it('is checked again when the tab comes back', async () => {
    const shown: SessionView[] = [];
    const stop = keepSessionCurrent('cb_none', active(Date.now() + 3600_000), (view) => shown.push(view));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    stop();
  });

  it('is not watched when the page shows no active session', () => {
    const stop = keepSessionCurrent('cb_none', { kind: 'checking' }, () => {
      throw new Error('not expected');
    });
    document.dispatchEvent(new Event('visibilitychange'));
    stop();
  });
});
