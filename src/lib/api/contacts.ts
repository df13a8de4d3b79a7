/**
 * The contacts directory (POST /api/contacts/list: search by name or e-mail), what staff see of a contact
 * (POST /api/contacts/details), and the contact's data rights, for admins: everything
 * stored about them as one JSON document (POST /api/contacts/export), and erasure (POST /api/contacts/erase, which
 * must repeat the contact's e-mail).
 */
import { z } from 'zod';
import { chatStatuses } from './chat.ts';
import { contactIdSchema } from './ids.ts';
import { messageFileSchema } from './files.ts';
import { exportAudiences, type ExportAudience } from './constants.ts';

export const contactsPageMax = 50;
export const contactsList = z.object({
  /** Part of the name or the e-mail address (any case); empty: everyone. */
  query: z.string().trim().max(200).default(''),
  offset: z.number().int().min(0).max(10_000).default(0),
  limit: z.number().int().min(1).max(contactsPageMax).default(25),
});
const contactRecord = z.object({ id: z.string(), email: z.string(), name: z.string(), lang: z.string(), createdAt: z.string() });
/** When the contact last wrote or came in with a code (null: never yet), and how many conversations they have. */
const contactSeen = { lastSeenAt: z.string().nullable(), conversations: z.number() };
/** Most recently seen first (never seen: newest first, after them). */
export const contactsListAnswer = z.object({ contacts: z.array(contactRecord.extend(contactSeen)), hasMore: z.boolean() });
export type ContactsListAnswer = z.infer<typeof contactsListAnswer>;
export type DirectoryContact = ContactsListAnswer['contacts'][number];

export const contactDetailsBody = z.object({ contactId: contactIdSchema });
export const contactDetailsAnswer = z.object({
  contact: contactRecord,
  lastSeenAt: contactSeen.lastSeenAt,
  /** Latest activity first. */
  chatBoxes: z.array(z.object({ id: z.string(), status: z.enum(chatStatuses), lastActivityAt: z.string(), messages: z.number() })),
});
export type ContactDetailsAnswer = z.infer<typeof contactDetailsAnswer>;

/** Who the export is for (constants.ts): the contact, the default, as an export is usually handed over, or the team. */
export { exportAudiences, type ExportAudience };
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
        z.object({
          id: z.number(),
          from: z.enum(['contact', 'staff']),
          internal: z.boolean(),
          text: z.string(),
          createdAt: z.string(),
          /** The files it carried, as the conversation showed them. */
          files: z.array(messageFileSchema),
        }),
      ),
      /** "How was your conversation?", asked at each resolution, and the contact's answer. */
      ratings: z.array(
        z.object({
          id: z.number(),
          askedAt: z.string(),
          score: z.number().nullable(),
          comment: z.string().nullable(),
          ratedAt: z.string().nullable(),
        }),
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
