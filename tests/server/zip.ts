/** What a zip holds, read with yauzl (the reader to yazl, which writes Foyer's exports): each path and its bytes. */
import { buffer } from 'node:stream/consumers';
import { fromBufferPromise } from 'yauzl';

export async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  return entries;
}
