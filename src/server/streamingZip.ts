/**
 * A zip written as it is read (yazl), for the contact's export and the backup. yazl pipes each source into the zip
 * and listens for no error on it: a source that fails (a disk error, a dropped database connection) would throw
 * in the process and leave the zip unfinished. Here a source's error ends the zip with that error, and a zip whose
 * reader went away (a client that left) closes the source it was reading.
 */
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface StreamingZip {
  /** The zip's bytes, as they are made. */
  output: Readable;
  addBuffer(bytes: Buffer, path: string): void;
  /** A file whose bytes `open` gives when the zip comes to it (one source open at a time). */
  addStream(path: string, open: () => Readable, { compress }: { compress: boolean }): void;
  /** No more files. */
  end(): void;
}

export function streamingZip(): StreamingZip {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let reading: Readable | undefined;
  zip.on('error', (error: Error) => output.destroy(error));
  output.once('close', () => reading?.destroy());
  return {
    output,
    addBuffer: (bytes, path) => zip.addBuffer(bytes, path),
    addStream: (path, open, { compress }) =>
      zip.addReadStreamLazy(path, { compress }, (ready) => {
        reading = open();
        reading.once('error', (error) => output.destroy(error));
        ready(null, reading);
      }),
    end: () => zip.end(),
  };
}
