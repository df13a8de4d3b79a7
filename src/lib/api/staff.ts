/** The staff calls: what a signed-in staff member learns about themselves (GET /api/me). */
import { z } from 'zod';
import { languages } from './languages.ts';
import { personNameSchema } from './names.ts';

export const staffRoles = ['admin', 'agent'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffMemberSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(staffRoles),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const meAnswer = z.object({ organizationUser: staffMemberSchema });
export type MeAnswer = z.infer<typeof meAnswer>;

/**
 * Staff management. Everyone on the staff may list their colleagues (to assign a conversation); only admins may
 * add, change or remove one, and never so that no admin is left. A removed staff member's messages keep their
 * name; they can no longer sign in.
 */
export const staffRecordSchema = z.object({
  /** Null until their first sign-in. */
  uid: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(staffRoles),
});
export type StaffRecord = z.infer<typeof staffRecordSchema>;

/** POST /api/staff/list */
export const staffListAnswer = z.object({ staff: z.array(staffRecordSchema) });
export type StaffListAnswer = z.infer<typeof staffListAnswer>;

const staffEmail = z.email().max(320);
/**
 * POST /api/staff/add (admins): adds a staff member, or brings back a removed one, with this role; someone new to the
 * staff is told by e-mail (when the server sends e-mail), in `lang` (the staff page's language).
 */
export const staffAddBody = z.object({
  email: staffEmail,
  role: z.enum(staffRoles),
  name: personNameSchema.optional(),
  lang: z.enum(languages).optional(),
});
/** POST /api/staff/role (admins) */
export const staffRoleBody = z.object({ email: staffEmail, role: z.enum(staffRoles) });
export const staffMemberAnswer = z.object({ member: staffRecordSchema });
export type StaffMemberAnswer = z.infer<typeof staffMemberAnswer>;
/** POST /api/staff/remove (admins) */
export const staffRemoveBody = z.object({ email: staffEmail });

/**
 * POST /api/me/notifications: the signed-in staff member's e-mail notifications, read and (with missedMessageMail)
 * changed. `lang` is the page's language, which their e-mails then use.
 */
export const notificationsBody = z.object({ lang: z.enum(languages), missedMessageMail: z.boolean().optional() });
export const notificationsAnswer = z.object({ missedMessageMail: z.boolean() });
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

/**
 * POST /api/me/alerts: the signed-in staff member's alerts for new messages, read and (with `sound`) changed: a sound
 * or not, and the conversations they muted (no alert from them).
 */
export const alertsBody = z.object({ sound: z.boolean().optional() });
export const alertsAnswer = z.object({ sound: z.boolean(), muted: z.array(z.string()) });
export type AlertsAnswer = z.infer<typeof alertsAnswer>;
