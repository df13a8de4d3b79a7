/** Staff routes: who the signed-in staff member is (the seed's user-details fetch after sign-in). */
import type { MeAnswer } from '../../lib/api/staff.ts';
import { route } from './route.ts';

export const meRoute = route({
  method: 'GET',
  path: '/api/me',
  caller: 'staff',
  handle: async ({ caller }): Promise<MeAnswer> => ({ organizationUser: caller }),
});
