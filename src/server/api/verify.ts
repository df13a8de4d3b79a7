/** POST /api/verify: a one-time code for the contact's page (every conversation of theirs) exchanged for a session. */
import { sessionFromCode } from '../contacts/sessionFromCode.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'pageVerify',
    caller: 'anyone',
    handle: ({ services, body, request }) => sessionFromCode(services, body, request.clientAddress),
  }),
];
