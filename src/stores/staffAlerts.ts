/**
 * The signed-in staff member's alert settings (POST /api/me/alerts): a sound or not, and the conversations they
 * muted. One store for the workspace's alerts (flows/staff/alerts.ts), a conversation's Mute button and the staff
 * page's sound setting; read once, changed by what the server answers.
 */
import { atom } from 'nanostores';
import type { AlertsAnswer } from '../lib/api/staff.ts';

/** Undefined until read. */
export const $alertSettings = atom<AlertsAnswer | undefined>(undefined);
let reading: Promise<AlertsAnswer> | undefined;

/** Reads them unless read or being read; a failed read is tried again on the next call. */
export function loadAlertSettings(read: () => Promise<AlertsAnswer>): Promise<AlertsAnswer> {
  const known = $alertSettings.get();
  if (known) return Promise.resolve(known);
  reading ??= read().then(
    (settings) => {
      $alertSettings.set(settings);
      return settings;
    },
    (error: unknown) => {
      reading = undefined;
      throw error;
    },
  );
  return reading;
}

export function setAlertSettings(settings: AlertsAnswer): void {
  $alertSettings.set(settings);
}

/** The server said the conversation is (or is no longer) muted. */
export function setMuted(chatBoxId: string, muted: boolean): void {
  const settings = $alertSettings.get() ?? { sound: false, muted: [] };
  const others = settings.muted.filter((id) => id !== chatBoxId);
  $alertSettings.set({ ...settings, muted: muted ? [...others, chatBoxId] : others });
}
