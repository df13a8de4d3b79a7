/** Contacts for staff: their details, and for admins their data rights (export, erase); and a contact's own chat boxes. */
import { type ContactChatBoxesAnswer } from '../../lib/api/chat.ts';
import { type ContactDetailsAnswer, type ContactEraseAnswer, type ContactExportAnswer } from '../../lib/api/contacts.ts';
import { pageScope } from '../../lib/api/ids.ts';
import { listContactChatBoxes } from '../chat/contactChatBoxes.ts';
import { contactDetails, eraseContact, exportContact } from '../contacts/dataRights.ts';
import { route } from './route.ts';

export const contactDetailsRoute = route({
  endpoint: 'contactDetails',
  caller: 'staff',
  handle: ({ services, body }): Promise<ContactDetailsAnswer> => contactDetails(services.db, body.contactId),
});

export const contactExportRoute = route({
  endpoint: 'contactExport',
  caller: 'admin',
  handle: async ({ services, body }): Promise<ContactExportAnswer> => ({
    export: await exportContact(services.db, body.contactId, body.audience),
  }),
});

export const contactEraseRoute = route({
  endpoint: 'contactErase',
  caller: 'admin',
  handle: async ({ services, body }): Promise<ContactEraseAnswer> => ({
    erased: await eraseContact(services, body.contactId, body.confirmEmail),
  }),
});

export const contactChatBoxesRoute = route({
  endpoint: 'chatBoxes',
  caller: 'contactSession',
  handle: async ({ services, caller: session }): Promise<ContactChatBoxesAnswer> => ({
    chatBoxes: await listContactChatBoxes(services.db, session.contactId, session.scope === pageScope ? null : session.scope),
  }),
});

export const contactRoutes = [contactDetailsRoute, contactExportRoute, contactEraseRoute, contactChatBoxesRoute];
