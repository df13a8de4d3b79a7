// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('new build detection', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function start(latestId: string | (() => never)) {
    document.body.innerHTML = '<div data-update-banner hidden></div>';
    const fetch = vi.fn(async () => {
      if (typeof latestId === 'function') latestId();
      return new Response(JSON.stringify({ id: latestId, timestamp: 1 }), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    const module = await import('./newBuild.ts');
    return { fetch, module, banner: document.querySelector<HTMLElement>('[data-update-banner]')! };
  }

  it('asks for latest.json every 10 minutes, with a timestamp, and shows the banner for another build', async () => {
    const { fetch, module, banner } = await start('another-build');
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000 - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^\/_astro\/builds\/latest\.json\?\d+$/);
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'x-foyer-internal': '1' });
    await vi.waitFor(() => expect(banner.hidden).toBe(false));
    expect(module.newBuildAvailable()).toBe(true);
  });

  it('asks when the tab becomes visible, and stays quiet for the same build', async () => {
    const { fetch, module, banner } = await start(import.meta.env.FOYER_BUILD_ID);
    document.dispatchEvent(new Event('visibilitychange'));
    // (Listeners of the module loaded by an earlier test answer too; any number of calls is fine here.)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await Promise.resolve();
    expect(banner.hidden).toBe(true);
    expect(module.newBuildAvailable()).toBe(false);
  });

  it('only logs when the manifest cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { module, banner } = await start(() => {
      throw new TypeError('offline');
    });
    await module.checkForNewBuild();
    expect(warn).toHaveBeenCalled();
    expect(banner.hidden).toBe(true);
  });
});
