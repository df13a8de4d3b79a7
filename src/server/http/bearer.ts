/** The one reader of `Authorization: Bearer …`, for contact session tokens and staff ID tokens alike. */
import { ApiError } from '../errors.ts';

/** The token, or a 401 naming what was needed (`what`: "A session token", "A sign-in token"). */
export function bearerToken(authorization: string | null, what: string): string {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new ApiError(401, 'unauthorized', `${what} is needed (Authorization: Bearer …).`);
  return match[1]!;
}
