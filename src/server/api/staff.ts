/** Staff endpoints: who the signed-in staff member is (the seed's user-details fetch after sign-in). */
import { staffFromToken } from '../staff.ts';
import type { Call } from './sessions.ts';

export async function getMe({ services, request }: Call) {
  return { organizationUser: await staffFromToken(services.db, services.verifyIdToken, request.header('authorization')) };
}
