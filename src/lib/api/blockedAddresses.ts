/**
 * POST /api/blockedAddresses/* (admins): the e-mail addresses and domains from which nobody can start a conversation
 * (chatStart.ts). An entry is a whole address (ana@example.com) or a domain (example.com, or @example.com).
 */
import { z } from 'zod';

const domain = /^@?(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export const blockEntrySchema = z
  .string()
  .trim()
  .max(320)
  .refine((entry) => z.email().safeParse(entry).success || domain.test(entry), 'must be an e-mail address or a domain');

export const blockedAddressSchema = z.object({ entry: z.string(), blockedBy: z.string().nullable(), createdAt: z.string() });
export type BlockedAddress = z.infer<typeof blockedAddressSchema>;
export const blockedAddressesAnswer = z.object({ blocked: z.array(blockedAddressSchema) });
export type BlockedAddressesAnswer = z.infer<typeof blockedAddressesAnswer>;
export const blockBody = z.object({ entry: blockEntrySchema });
