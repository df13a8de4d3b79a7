/**
 * What staff see of a contact (POST /api/contacts/details), and the contact's data rights, for admins: everything
 * stored about them as one JSON document (POST /api/contacts/export), and erasure (POST /api/contacts/erase, which
 * must repeat the contact's e-mail).
 */
import { z } from 'zod';
import { chatStatuses } from './chat.ts';
import { contactIdSchema } from './ids.ts';

export const contactDetailsBody = z.object({ contactId: contactIdSchema });
export const contactDetailsAnswer = z.object({
  contact: z.object({ id: z.string(), email: z.string(), name: z.string(), lang: z.string(), createdAt: z.string() }),
  /** Latest activity first. */
  chatBoxes: z.array(z.object({ id: z.string(), status: z.enum(chatStatuses), lastActivityAt: z.string(), messages: z.number() })),
});
export type ContactDetailsAnswer = z.infer<typeof contactDetailsAnswer>;

/** Who the export is for: the contact (no internal notes; the default, as an export is usually handed over) or the team. */
export const exportAudiences = ['contact', 'team'] as const;
export type ExportAudience = (typeof exportAudiences)[number];
export const contactExportBody = contactDetailsBody.extend({ audience: z.enum(exportAudiences).default('contact') });
/** Codes are described, never their hashes; staff are named by their role in the conversation only. */
export const contactExportSchema = z.object({
  exportedAt: z.string(),
  contact: contactDetailsAnswer.shape.contact,
  chatBoxes: z.array(
    z.object({
      id: z.string(),
      status: z.enum(chatStatuses),
      createdAt: z.string(),
      messages: z.array(
        z.object({ id: z.number(), from: z.enum(['contact', 'staff']), internal: z.boolean(), text: z.string(), createdAt: z.string() }),
      ),
    }),
  ),
  codes: z.array(
    z.object({
      chatBoxId: z.string().nullable(),
      createdAt: z.string(),
      expiresAt: z.string(),
      usedAt: z.string().nullable(),
      wrongTries: z.number(),
    }),
  ),
});
export type ContactExport = z.infer<typeof contactExportSchema>;
export const contactExportAnswer = z.object({ export: contactExportSchema });
export type ContactExportAnswer = z.infer<typeof contactExportAnswer>;

export const contactEraseBody = z.object({ contactId: contactIdSchema, confirmEmail: z.string().max(320) });
export const contactEraseAnswer = z.object({ erased: z.object({ chatBoxes: z.number(), messages: z.number() }) });
export type ContactEraseAnswer = z.infer<typeof contactEraseAnswer>;
