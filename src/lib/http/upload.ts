/**
 * Uploads, apart from the HTTP client since only a page that sends a file needs them (the conversation imports this
 * when it does).
 */
import type { AnswerOf, QueryOf } from '../api/contract.ts';
import { endpoints, type EndpointName } from '../api/endpoints.ts';
import { ApiRequestError } from './client.ts';
import { callHeaders } from './headers.ts';

/**
 * Sends a file as an endpoint's body (`chatFileUpload`), with its query, reporting progress: fetch cannot tell how
 * much of a body has gone, so this one call goes through XMLHttpRequest, with the same headers and errors as the rest.
 */
export function uploadEndpoint<N extends EndpointName>(
  name: N,
  options: {
    query: QueryOf<N> & Record<string, string>;
    bearer: string;
    file: Blob;
    origin?: string;
    onProgress?: (sent: number) => void;
    signal?: AbortSignal;
  },
): Promise<AnswerOf<N>> {
  const { method, path } = endpoints[name];
  const request = new XMLHttpRequest();
  return new Promise<AnswerOf<N>>((resolve, reject) => {
    request.open(method, `${options.origin ?? ''}${path}?${new URLSearchParams(options.query)}`);
    for (const [header, value] of Object.entries(callHeaders())) request.setRequestHeader(header, value);
    request.setRequestHeader('Authorization', `Bearer ${options.bearer}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => options.onProgress?.(event.loaded);
    request.onload = () => {
      const body = request.response as { error?: { code?: string; message?: string; retryAfter?: number } } | null;
      if (request.status >= 200 && request.status < 300 && body) return resolve(body as AnswerOf<N>);
      const code = body?.error?.code ?? 'unknown';
      reject(new ApiRequestError(request.status, code, body?.error?.message ?? `HTTP ${request.status}`, body?.error?.retryAfter));
    };
    request.onerror = request.ontimeout = () => reject(new ApiRequestError(0, 'network', 'The upload did not reach the server.'));
    request.onabort = () => reject(new ApiRequestError(0, 'network', 'The upload was cancelled.'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(options.file);
  });
}
