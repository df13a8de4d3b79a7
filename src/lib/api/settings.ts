/**
 * The organisation's settings: every staff member reads them (POST /api/settings/get), admins change them
 * (POST /api/settings/update, only the settings given).
 */
import { z } from 'zod';

export const organizationSettingsSchema = z.object({
  /** Staff resolving a conversation send its contact a copy (mail/transcriptMail.ts), unless they turned e-mails off. */
  transcriptOnResolve: z.boolean(),
  /** Staff resolving a conversation they answered ask its contact "How was your conversation?" (chat/ratings.ts). */
  askForRating: z.boolean(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
export const defaultOrganizationSettings: OrganizationSettings = { transcriptOnResolve: false, askForRating: true };

export const settingsAnswer = z.object({ settings: organizationSettingsSchema });
export type SettingsAnswer = z.infer<typeof settingsAnswer>;
export const settingsUpdateBody = organizationSettingsSchema
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'give at least one setting');
