import { describe, expect, it, vi } from 'vitest';
import { takeContactSessionParams } from './params.ts';

describe('contact-session parameters', () => {
  it.each([
    ['https://x.test/en/chat/cb_1?cs_contactId=ct_1&cs_otp=12345678', { contactId: 'ct_1', otp: '12345678' }, '/en/chat/cb_1'],
    ['https://x.test/en/chat?utm=mail&cs_otp=1&keep=yes#latest', { otp: '1' }, '/en/chat?utm=mail&keep=yes#latest'],
    ['https://x.test/en/chat?cs_=x&cs_other=y', { '': 'x', other: 'y' }, '/en/chat'],
  ])('take every cs_ parameter out of %s', (href, taken, left) => {
    const history = { state: { index: 3 }, replaceState: vi.fn() };
    expect(takeContactSessionParams({ href }, history)).toEqual(taken);
    expect(history.replaceState).toHaveBeenCalledWith({ index: 3 }, '', left);
  });

  it('leave the address alone when there is nothing to take', () => {
    const history = { state: null, replaceState: vi.fn() };
    expect(takeContactSessionParams({ href: 'https://x.test/en/chat?q=1' }, history)).toEqual({});
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
