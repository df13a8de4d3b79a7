/** POST /api/settings/*: the organisation's settings, read by staff, changed by admins. */
import type { SettingsAnswer } from '../../lib/api/settings.ts';
import { readSettings, updateSettings } from '../staff/settings.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'settingsGet',
    caller: 'staff',
    handle: async ({ services }): Promise<SettingsAnswer> => ({ settings: await readSettings(services.db) }),
  }),

  route({
    endpoint: 'settingsUpdate',
    caller: 'admin',
    handle: async ({ services, body }): Promise<SettingsAnswer> => ({ settings: await updateSettings(services.db, body) }),
  }),
];
