/** The organisation's settings: one row, merged over the defaults, so a setting added later needs no migration. */
import { defaultOrganizationSettings, organizationSettingsSchema, type OrganizationSettings } from '../../lib/api/settings.ts';
import type { Queryable } from '../db/database.ts';

type Stored = { settings: Partial<OrganizationSettings> | string };
/**
 * One driver hands jsonb over parsed, the other as text. Each setting is read on its own: one that no longer parses
 * (removed since, or a time zone this Node's ICU does not know) falls back to its default and takes no other with it.
 */
function merged(row: Stored | undefined): OrganizationSettings {
  const stored: Record<string, unknown> = typeof row?.settings === 'string' ? JSON.parse(row.settings) : (row?.settings ?? {});
  const settings: Record<string, unknown> = { ...defaultOrganizationSettings };
  for (const [name, schema] of Object.entries(organizationSettingsSchema.shape)) {
    const parsed = schema.safeParse(stored[name]);
    if (name in stored && parsed.success) settings[name] = parsed.data;
  }
  return settings as OrganizationSettings;
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
  const [row] = await db.query<Stored>(
    `insert into organization_settings (id, settings) values (true, $1::jsonb)
     on conflict (id) do update set settings = organization_settings.settings || excluded.settings, updated_at = now()
     returning settings`,
    [JSON.stringify(change)],
  );
  // After the write: a read begun before it cannot keep the old settings here.
  recent.delete(db);
  return merged(row);
}
