/** Contacts for staff: their details, and for admins their data rights (export, erase); and a contact's own chat boxes. */
import { contactChatBoxesBody, type ContactChatBoxesAnswer } from '../../lib/api/chat.ts';
import {
  contactDetailsBody,
  contactEraseBody,
  contactExportBody,
  type ContactDetailsAnswer,
  type ContactEraseAnswer,
  type ContactExportAnswer,
} from '../../lib/api/contacts.ts';
import { pageScope } from '../../lib/api/ids.ts';
import { listContactChatBoxes } from '../chat/contactChatBoxes.ts';
import { contactDetails, eraseContact, exportContact } from '../contacts/dataRights.ts';
import { route } from './route.ts';

export const contactDetailsRoute = route({
  method: 'POST',
  path: '/api/contacts/details',
  body: contactDetailsBody,
  caller: 'staff',
  handle: ({ services, body }): Promise<ContactDetailsAnswer> => contactDetails(services.db, body.contactId),
});

export const contactExportRoute = route({
  method: 'POST',
  path: '/api/contacts/export',
  body: contactExportBody,
  caller: 'admin',
  handle: async ({ services, body }): Promise<ContactExportAnswer> => ({
    export: await exportContact(services.db, body.contactId, body.audience),
  }),
});

export const contactEraseRoute = route({
  method: 'POST',
  path: '/api/contacts/erase',
  body: contactEraseBody,
  caller: 'admin',
  handle: async ({ services, body }): Promise<ContactEraseAnswer> => ({
    erased: await eraseContact(services, body.contactId, body.confirmEmail),
  }),
});

export const contactChatBoxesRoute = route({
  method: 'POST',
  path: '/api/chat/boxes',
  body: contactChatBoxesBody,
  caller: 'contactSession',
  handle: async ({ services, caller: session }): Promise<ContactChatBoxesAnswer> => ({
    chatBoxes: await listContactChatBoxes(services.db, session.contactId, session.scope === pageScope ? null : session.scope),
  }),
});

export const contactRoutes = [contactDetailsRoute, contactExportRoute, contactEraseRoute, contactChatBoxesRoute];
