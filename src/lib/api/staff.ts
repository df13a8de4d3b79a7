/** The staff calls: what a signed-in staff member learns about themselves (GET /api/me). */
import { z } from 'zod';

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
