/**
 * One API request and its answer, as plain values: the Node server builds them straight from its socket (no
 * web Request/Response on the hot path), and tests and Astro adapt web Requests to them.
 */
export interface ApiRequest {
  method: string;
  path: string;
  header(name: string): string | null;
  /** Reads the body, at most `limit + 1` bytes (one more tells the API it was too large). */
  body(limit: number): Promise<Uint8Array>;
  clientAddress: string;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function answer(body: unknown, status = 200, headers: Record<string, string> = {}): ApiAnswer {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

async function readLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (stream) {
    const reader = stream.getReader();
    while (size <= limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, limit + 1);
}

export function fromWebRequest(request: Request, clientAddress: string): ApiRequest {
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    header: (name) => request.headers.get(name),
    body: (limit) => readLimited(request.body, limit),
    clientAddress,
  };
}

export function toWebResponse({ status, headers, body }: ApiAnswer): Response {
  return new Response(body, { status, headers });
}
