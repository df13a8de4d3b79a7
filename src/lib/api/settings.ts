/**
 * The organisation's settings: every staff member reads them (POST /api/settings/get), admins change them
 * (POST /api/settings/update, only the settings given).
 */
import { z } from 'zod';
import { officeHoursLimits, publicChatModes } from './constants.ts';

const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time as HH:MM, 00:00 to 24:00');
/** Open from `from` to `to` (not including it) on one day, in the organisation's time zone; `to` may be 24:00. */
export const openingSchema = z
  .object({ from: clockTime, to: clockTime })
  .strict()
  .refine(({ from, to }) => from < to, 'from must be before to');
export type Opening = z.infer<typeof openingSchema>;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * When staff answer: each weekday's openings (Monday first), in the organisation's time zone; days it stays closed
 * (holidays, YYYY-MM-DD there), and how soon contacts are told to expect a reply while it is open. `enabled` false
 * keeps them for later and tells contacts nothing.
 */
export const officeHoursSchema = z
  .object({
    enabled: z.boolean(),
    timeZone: z.string().max(64).refine(isTimeZone, 'an IANA time zone, such as Europe/Paris'),
    week: z
      .array(
        z
          .array(openingSchema)
          .max(officeHoursLimits.openingsPerDay)
          .refine(
            (day) => day.every((opening, i) => day.slice(i + 1).every((other) => other.from >= opening.to || other.to <= opening.from)),
            'openings of one day must not overlap',
          ),
      )
      .length(7),
    holidays: z
      .array(z.iso.date())
      .max(officeHoursLimits.holidays)
      .refine((days) => new Set(days).size === days.length, 'each holiday once'),
    replyWithinMinutes: z.number().int().min(1).max(officeHoursLimits.replyWithinMinutes),
  })
  .strict();
export type OfficeHours = z.infer<typeof officeHoursSchema>;

export const organizationSettingsSchema = z.object({
  /** Staff resolving a conversation send its contact a copy (mail/transcriptMail.ts), unless they turned e-mails off. */
  transcriptOnResolve: z.boolean(),
  /** Staff resolving a conversation they answered ask its contact "How was your conversation?" (chat/ratings.ts). */
  askForRating: z.boolean(),
  /** When the team answers (lib/chat/officeHours.ts); null: never set. Contacts are told them while enabled. */
  officeHours: officeHoursSchema.nullable(),
  /**
   * Whether visitors may start a conversation from the chat box, confirming their address with an e-mailed code
   * (lib/api/chatStart.ts): 'email', or 'off'. Null: as the server's PUBLIC_CHAT says (answered resolved).
   */
  publicChat: z.enum(publicChatModes).nullable(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
export const defaultOrganizationSettings: OrganizationSettings = {
  transcriptOnResolve: false,
  askForRating: true,
  officeHours: null,
  publicChat: null,
};

export const settingsAnswer = z.object({ settings: organizationSettingsSchema });
export type SettingsAnswer = z.infer<typeof settingsAnswer>;
export const settingsUpdateBody = organizationSettingsSchema
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'give at least one setting');
