/** POST /api/blockedAddresses/*: the addresses and domains from which nobody can start a conversation (admins). */
import type { BlockedAddressesAnswer } from '../../lib/api/blockedAddresses.ts';
import { block, listBlocked, unblock } from '../contacts/blockedAddresses.ts';
import { route } from './route.ts';

export const routes = [
  route({
    endpoint: 'blockedAddressesList',
    caller: 'admin',
    handle: async ({ services }): Promise<BlockedAddressesAnswer> => ({ blocked: await listBlocked(services.db) }),
  }),

  route({
    endpoint: 'blockedAddressAdd',
    caller: 'admin',
    async handle({ services, body, caller }): Promise<BlockedAddressesAnswer> {
      await block(services.db, body.entry, caller.email);
      return { blocked: await listBlocked(services.db) };
    },
  }),

  route({
    endpoint: 'blockedAddressRemove',
    caller: 'admin',
    async handle({ services, body }): Promise<BlockedAddressesAnswer> {
      await unblock(services.db, body.entry);
      return { blocked: await listBlocked(services.db) };
    },
  }),
];
