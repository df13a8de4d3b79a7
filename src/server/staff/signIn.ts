/**
 * Staff: a Firebase ID token, verified with firebase-admin (against the Auth emulator in development), is staff
 * only when its e-mail is verified and listed as an organisation user. The first sign-in links the Firebase uid,
 * name and picture to that record.
 */
import { withoutBidiControls } from '../../lib/api/constants.ts';
import type { Config } from '../config.ts';
import { isUniqueViolation, type Queryable } from '../db/database.ts';
import type { StaffMember } from '../../lib/api/staff.ts';
import { ApiError } from '../errors.ts';

export interface VerifiedIdToken {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

export type IdTokenVerifier = (idToken: string) => Promise<VerifiedIdToken>;

/** firebase-admin, loaded on the first staff request (it is large and most requests are not staff ones). */
export function firebaseVerifier(config: Pick<Config, 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST'>): IdTokenVerifier {
  let auth: Promise<import('firebase-admin/auth').Auth> | undefined;
  return async (idToken) => {
    auth ??= (async () => {
      // firebase-admin reads the emulator's address from the environment.
      if (config.FIREBASE_AUTH_EMULATOR_HOST) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = config.FIREBASE_AUTH_EMULATOR_HOST;
      const { initializeApp, getApps } = await import('firebase-admin/app');
      const { getAuth } = await import('firebase-admin/auth');
      const app = getApps().find((a) => a.name === 'foyer') ?? initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, 'foyer');
      return getAuth(app);
    })();
    try {
      const token = await (await auth).verifyIdToken(idToken);
      return {
        uid: token.uid,
        email: token.email,
        emailVerified: token.email_verified === true,
        // A name from the identity provider, as one typed by staff: no characters that reorder what follows.
        name: typeof token['name'] === 'string' ? [...withoutBidiControls(token['name'])].slice(0, 200).join('') : undefined,
        picture: token.picture,
      };
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/id-token-expired')
        throw new ApiError(401, 'token_expired', 'The sign-in has expired.');
      throw new ApiError(401, 'invalid_token', 'The sign-in token is not valid.');
    }
  };
}

/** A StaffMember, from organization_users. */
const staffColumns = 'uid, email, name, avatar_url as "avatarUrl", role';

/** The organisation user behind an ID token, or the 401/403 that says why not. */
export async function staffFromToken(db: Queryable, verify: IdTokenVerifier, idToken: string): Promise<StaffMember> {
  const token = await verify(idToken);
  if (!token.email || !token.emailVerified) throw new ApiError(403, 'email_not_verified', 'Verify your e-mail address first.');
  // Every staff request comes here: a record already linked and up to date is only read. A write each time cost a
  // transaction (in PGlite, on the server's own thread) on every inbox page, stream recheck and send.
  const [linked] = await db.query<StaffMember & Record<string, unknown>>(
    `select ${staffColumns} from organization_users
     where uid = $1 and lower(email) = lower($2) and removed_at is null
       and not (name = '' and $3::text is not null) and ($4::text is null or avatar_url is not distinct from $4)`,
    [token.uid, token.email, token.name || null, token.picture || null],
  );
  if (linked) return linked;
  const link = () =>
    db.query<StaffMember & Record<string, unknown>>(
      `update organization_users
       set uid = $1,
           name = case when name = '' then coalesce($3, '') else name end,
           avatar_url = coalesce($4, avatar_url)
       where lower(email) = lower($2) and removed_at is null
       returning ${staffColumns}`,
      [token.uid, token.email, token.name || null, token.picture || null],
    );
  const [user] = await link().catch(async (error: unknown) => {
    // The uid is still on another record: the Firebase account's e-mail changed. The record of its current,
    // verified e-mail takes the uid over (uids are unique); the old record waits for a sign-in of its own.
    if (!isUniqueViolation(error)) throw error;
    await db.query(`update organization_users set uid = null where uid = $1 and lower(email) <> lower($2)`, [token.uid, token.email]);
    return link();
  });
  if (!user) throw new ApiError(403, 'not_staff', 'This account is not part of this organisation.');
  return user;
}
