import { afterEach, describe, expect, it, vi } from 'vitest';
import { $appError, catchUncaughtErrors, clearAppError, showAppError } from './appError.ts';

const person = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36';

describe('the app error', () => {
  afterEach(() => $appError.set(null));

  it('can be set and cleared', () => {
    showAppError({ status: 500, message: 'boom' }, person);
    expect($appError.get()).toEqual({ status: 500, message: 'boom' });
    clearAppError();
    expect($appError.get()).toBeNull();
  });

  it.each(['Googlebot/2.1', 'bingbot', 'Chrome-Lighthouse', 'facebookexternalhit/1.1', 'Google-InspectionTool'])(
    'is only logged for %s',
    (bot) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      showAppError({ status: 500 }, bot);
      expect($appError.get()).toBeNull();
      expect(log).toHaveBeenCalled();
      log.mockRestore();
    },
  );

  it('catches uncaught errors and rejected promises', () => {
    const listeners: Record<string, (event: unknown) => void> = {};
    catchUncaughtErrors({ addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener) } as never);
    vi.stubGlobal('navigator', { userAgent: person });
    listeners['error']!({ error: new Error('broken'), message: 'broken' });
    expect($appError.get()).toEqual({ status: 500, message: 'broken' });
    listeners['unhandledrejection']!({ reason: new Error('rejected') });
    expect($appError.get()).toEqual({ status: 500, message: 'rejected' });
    vi.unstubAllGlobals();
  });
});
