// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type BotCheck = typeof import('./botCheck.ts');

describe('the bot check in the browser', () => {
  let botCheck: BotCheck;
  let appended: HTMLScriptElement[];
  beforeEach(async () => {
    vi.resetModules();
    botCheck = await import('./botCheck.ts');
    appended = [];
    // Keep the script out of the document: the test plays Google's part.
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void appended.push(...(nodes as HTMLScriptElement[])));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete (window as { grecaptcha?: unknown }).grecaptcha;
  });

  it('gives an empty token and loads nothing in development', async () => {
    botCheck.configureBotCheck({ siteKey: 'site-key', production: false });
    expect(botCheck.botCheckActive()).toBe(false);
    expect(await botCheck.botToken('login')).toBe('');
    expect(appended).toEqual([]);
  });

  it('gives an empty token without a site key, even in production', async () => {
    botCheck.configureBotCheck({ siteKey: undefined, production: true });
    expect(await botCheck.botToken('login')).toBe('');
    expect(appended).toEqual([]);
  });

  it('in production loads reCAPTCHA once, waits until it is ready, and asks for a token for the named action', async () => {
    botCheck.configureBotCheck({ siteKey: 'site key', production: true });
    const first = botCheck.botToken('login');
    const second = botCheck.botToken('login');
    expect(appended).toHaveLength(1);
    expect(appended[0]!.src).toBe('https://www.google.com/recaptcha/api.js?render=site%20key');

    let ready!: () => void;
    const execute = vi.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`);
    (window as { grecaptcha?: unknown }).grecaptcha = { ready: (callback: () => void) => (ready = callback), execute };
    appended[0]!.onload!(new Event('load'));
    expect(execute).not.toHaveBeenCalled();
    ready();
    expect(await first).toBe('token-for-login');
    expect(await second).toBe('token-for-login');
    expect(execute).toHaveBeenCalledWith('site key', { action: 'login' });
  });

  it('rejects when the script cannot load, and tries again next time', async () => {
    botCheck.configureBotCheck({ siteKey: 'k', production: true });
    const failed = botCheck.botToken('login');
    appended[0]!.onerror!(new Event('error'));
    await expect(failed).rejects.toThrow(/could not be loaded/);
    void botCheck.botToken('login').catch(() => {});
    expect(appended).toHaveLength(2);
  });
});
