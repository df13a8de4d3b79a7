/**
 * Where a file's bytes live, behind one interface: on PostgreSQL the database (databaseBytes.ts), so several
 * processes share them with nothing else to run and a backup holds them; on PGlite the data directory
 * (diskBytes.ts), as PGlite would keep every byte in the server's own memory; memory in tests (memoryBytes.ts).
 * Bytes go in and come out as parts, never whole, so a 25 MB upload never sits in memory.
 */
import type { FileVariant } from '../../../lib/api/files.ts';

/** A part is at most this large: big enough that a file is few rows, small enough that many uploads fit in memory. */
export const partBytes = 256 * 1024;

export interface FileBytes {
  /** Stores one variant of a file whose record exists (records.ts), part by part as they come; an error keeps none of it. */
  write(fileId: string, variant: FileVariant, parts: AsyncIterable<Uint8Array>): Promise<void>;
  /** A variant's bytes in order; nothing if there are none. */
  read(fileId: string, variant: FileVariant): AsyncIterable<Uint8Array>;
  /** Forgets every variant of the files; their records go first (cleanup.ts), so none is ever left without its bytes. */
  remove(fileIds: readonly string[]): Promise<void>;
  /**
   * Removes bytes whose record is gone (a process killed between the two) and writes a killed process left half
   * done; `recorded` says which of some ids still have a record. Answers how many files' bytes went.
   */
  removeOrphans(recorded: (fileIds: readonly string[]) => Promise<ReadonlySet<string>>): Promise<number>;
  /**
   * Runs `work` while no bytes are removed (removals wait): a backup copies the bytes of every record its database
   * dump holds, and a record goes before its bytes, so what the dump names is still there to copy.
   */
  whileKept<T>(work: () => Promise<T>): Promise<T>;
}

/** Cuts a stream into parts of `size` bytes (the last one shorter). */
export async function* inParts(source: AsyncIterable<Uint8Array>, size = partBytes): AsyncIterable<Buffer> {
  let waiting: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    waiting.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    length += chunk.byteLength;
    while (length >= size) {
      const all = Buffer.concat(waiting, length);
      yield all.subarray(0, size);
      waiting = [all.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield Buffer.concat(waiting, length);
}

/** All of a variant in one buffer: for the picture library, which reads a whole image (pictures.ts). */
export async function readWhole(bytes: FileBytes, fileId: string, variant: FileVariant): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of bytes.read(fileId, variant)) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}
