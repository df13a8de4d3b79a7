/**
 * POST /api/contacts/*: a contact's own record; for staff the directory and a contact's details, and for admins export
 * (a document, or a zip with the files too) and erasure.
 */
import {
  type ContactDetailsAnswer,
  type ContactEraseAnswer,
  type ContactExportAnswer,
  type ContactsListAnswer,
} from '../../lib/api/contacts.ts';
import type { ContactAnswer } from '../../lib/api/sessions.ts';
import { contactDetails, eraseContact, exportContact } from '../contacts/dataRights.ts';
import { listContacts } from '../contacts/directory.ts';
import { exportArchive } from '../contacts/exportArchive.ts';
import { findContact } from '../contacts/records.ts';
import { ApiError } from '../errors.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'contactGet',
    caller: 'contactSession',
    async handle({ services, caller: session }): Promise<ContactAnswer> {
      const contact = await findContact(services.db, session.contactId);
      if (!contact) throw new ApiError(404, 'not_found', 'There is no such contact.');
      return { contact };
    },
  }),

  route({
    endpoint: 'contactsList',
    caller: 'staff',
    handle: ({ services, body }): Promise<ContactsListAnswer> => listContacts(services.db, body.query, body.offset, body.limit),
  }),

  route({
    endpoint: 'contactDetails',
    caller: 'staff',
    handle: ({ services, body }): Promise<ContactDetailsAnswer> => contactDetails(services.db, body.contactId),
  }),

  route({
    endpoint: 'contactExport',
    caller: 'admin',
    handle: async ({ services, body }): Promise<ContactExportAnswer> => ({
      export: await exportContact(services.db, body.contactId, body.audience),
    }),
  }),

  route({
    endpoint: 'contactExportArchive',
    caller: 'admin',
    handle: ({ services, body }) => exportArchive(services, body.contactId, body.audience),
  }),

  route({
    endpoint: 'contactErase',
    caller: 'admin',
    handle: async ({ services, body }): Promise<ContactEraseAnswer> => ({
      erased: await eraseContact(services, body.contactId, body.confirmEmail),
    }),
  }),
];
