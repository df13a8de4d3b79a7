/** The organisation's settings: one row, merged over the defaults, so a setting added later needs no migration. */
import { defaultOrganizationSettings, organizationSettingsSchema, type OrganizationSettings } from '../../lib/api/settings.ts';
import type { Queryable } from '../db/database.ts';

type Stored = { settings: Partial<OrganizationSettings> | string };
// One driver hands jsonb over parsed, the other as text; what no longer parses (a setting since removed) is dropped.
function merged(row: Stored | undefined): OrganizationSettings {
  const stored = typeof row?.settings === 'string' ? JSON.parse(row.settings) : (row?.settings ?? {});
  const parsed = organizationSettingsSchema.partial().safeParse(stored);
  return { ...defaultOrganizationSettings, ...(parsed.success ? parsed.data : {}) };
}

export async function readSettings(db: Queryable): Promise<OrganizationSettings> {
  const [row] = await db.query<Stored>(`select settings from organization_settings where id`);
  return merged(row);
}

export async function updateSettings(db: Queryable, change: Partial<OrganizationSettings>): Promise<OrganizationSettings> {
  const [row] = await db.query<Stored>(
    `insert into organization_settings (id, settings) values (true, $1::jsonb)
     on conflict (id) do update set settings = organization_settings.settings || excluded.settings, updated_at = now()
     returning settings`,
    [JSON.stringify(change)],
  );
  return merged(row);
}
