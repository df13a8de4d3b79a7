import { afterEach, describe, expect, it, vi } from 'vitest';
import { $alertSettings, loadAlertSettings, setMuted } from './staffAlerts.ts';

afterEach(() => $alertSettings.set(undefined));

describe('the alert settings', () => {
  it('are read once, however many ask, and again after a failed read', async () => {
    const failing = vi.fn().mockRejectedValueOnce(new Error('network'));
    await expect(loadAlertSettings(failing)).rejects.toThrow('network');
    const read = vi.fn().mockResolvedValue({ sound: true, muted: ['cb_1'] });
    await Promise.all([loadAlertSettings(read), loadAlertSettings(read)]);
    expect(read).toHaveBeenCalledTimes(1);
    expect($alertSettings.get()).toEqual({ sound: true, muted: ['cb_1'] });
  });

  it('follow what the server said of a conversation muted or not', () => {
    $alertSettings.set({ sound: false, muted: ['cb_1'] });
    setMuted('cb_2', true);
    setMuted('cb_2', true);
    setMuted('cb_1', false);
    expect($alertSettings.get()).toEqual({ sound: false, muted: ['cb_2'] });
  });
});
