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

/**
 * The settings as read at most `freshMs` ago in this process: read where a query each time would cost (every contact
 * message asks for the office hours). A change made here is seen at once, one made by another process within that.
 */
const freshMs = 5000;
const recent = new WeakMap<Queryable, { at: number; settings: Promise<OrganizationSettings> }>();
export function recentSettings(db: Queryable): Promise<OrganizationSettings> {
  const kept = recent.get(db);
  if (kept && Date.now() - kept.at < freshMs) return kept.settings;
  const settings = readSettings(db);
  recent.set(db, { at: Date.now(), settings });
  settings.catch(() => recent.delete(db));
  return settings;
}

export async function updateSettings(db: Queryable, change: Partial<OrganizationSettings>): Promise<OrganizationSettings> {
  recent.delete(db);
  const [row] = await db.query<Stored>(
    `insert into organization_settings (id, settings) values (true, $1::jsonb)
     on conflict (id) do update set settings = organization_settings.settings || excluded.settings, updated_at = now()
     returning settings`,
    [JSON.stringify(change)],
  );
  return merged(row);
}
