/**
 * Reads a request's body at the edge: JSON (or, for routes that take them, an HTML form's fields); anything else
 * 415, at most 64 KB (413), valid (400).
 */
import { ApiError } from '../errors.ts';
import type { ApiRequest } from './requestAndAnswer.ts';

export const maxBodyBytes = 64 * 1024;

/** An HTML form's post (application/x-www-form-urlencoded). */
export const isFormPost = (request: ApiRequest) =>
  /^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.header('content-type') ?? '');

/** A form's fields as an object of strings (the last of a repeated name wins). */
export async function readForm(request: ApiRequest): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await readText(request)));
}

export async function readJson(request: ApiRequest): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(request.header('content-type') ?? '')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).');
  }
  const text = await readText(request);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid JSON.');
  }
}

async function readText(request: ApiRequest): Promise<string> {
  const tooLarge = () => new ApiError(413, 'payload_too_large', `The body may be at most ${maxBodyBytes / 1024} KB.`);
  if (Number(request.header('content-length') ?? 0) > maxBodyBytes) throw tooLarge();
  // A client that hangs up mid-body is not a server fault: answer it (nobody will hear) without logging.
  const bytes = await request.body(maxBodyBytes).catch(() => {
    throw new ApiError(400, 'request_aborted', 'The request was cancelled before its body arrived.');
  });
  if (bytes.byteLength > maxBodyBytes) throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid UTF-8.');
  }
}
