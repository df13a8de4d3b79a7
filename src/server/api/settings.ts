/** POST /api/settings/*: the organisation's settings, read by staff, changed by admins. */
import type { OrganizationSettings, SettingsAnswer } from '../../lib/api/settings.ts';
import type { Config } from '../config.ts';
import { readSettings, updateSettings } from '../staff/settings.ts';
import { route } from './route.ts';

/** As they apply: a setting left to the server's configuration is answered with what the configuration says. */
const applied = (settings: OrganizationSettings, config: Pick<Config, 'PUBLIC_CHAT'>): OrganizationSettings => ({
  ...settings,
  publicChat: settings.publicChat ?? config.PUBLIC_CHAT,
});

export const routes = [
  route({
    endpoint: 'settingsGet',
    caller: 'staff',
    handle: async ({ services }): Promise<SettingsAnswer> => ({ settings: applied(await readSettings(services.db), services.config) }),
  }),

  route({
    endpoint: 'settingsUpdate',
    caller: 'admin',
    handle: async ({ services, body }): Promise<SettingsAnswer> => ({
      settings: applied(await updateSettings(services.db, body), services.config),
    }),
  }),
];
