/**
 * Calls whose answer is a file (a contact's export as a zip), apart from the HTTP client since only the staff's
 * export needs them: through the same client, with the same headers and errors.
 */
import { FetchError } from 'ofetch';
import type { BodyOf } from '../api/contract.ts';
import { endpoints, type EndpointName } from '../api/endpoints.ts';
import { client, toApiError } from './client.ts';

/** The answer's bytes, or the refusal as an ApiRequestError. */
export async function requestFile<N extends EndpointName>(name: N, { bearer, body }: { bearer: string; body: BodyOf<N> }): Promise<Blob> {
  const { method, path } = endpoints[name];
  try {
    return await client(path, {
      method,
      body: body as Record<string, unknown>,
      responseType: 'blob',
      headers: { Authorization: `Bearer ${bearer}` },
    });
  } catch (error) {
    // A refusal's JSON arrived as a Blob as well.
    if (error instanceof FetchError && error.data instanceof Blob) {
      error.data = await error.data.text().then(
        (text) => JSON.parse(text) as unknown,
        () => undefined,
      );
    }
    throw toApiError(error);
  }
}
