/** The test double of files' bytes (bytes.ts): variants kept in a map, with what was written readable for checks. */
import type { FileBytes } from './bytes.ts';

export interface MemoryBytes extends FileBytes {
  /** Every stored variant, `fileId/variant` → its parts. */
  readonly stored: Map<string, Uint8Array[]>;
}

export function memoryBytes(): MemoryBytes {
  const stored = new Map<string, Uint8Array[]>();
  const remove = async (fileIds: readonly string[]) => {
    for (const key of [...stored.keys()]) if (fileIds.includes(key.split('/')[0]!)) stored.delete(key);
  };
  return {
    stored,
    async write(fileId, variant, parts) {
      const kept: Uint8Array[] = [];
      for await (const part of parts) kept.push(new Uint8Array(part));
      stored.set(`${fileId}/${variant}`, kept);
    },
    async *read(fileId, variant) {
      yield* stored.get(`${fileId}/${variant}`) ?? [];
    },
    remove,
    async removeOrphans(recorded) {
      const fileIds = [...new Set([...stored.keys()].map((key) => key.split('/')[0]!))];
      const known = await recorded(fileIds);
      const orphans = fileIds.filter((fileId) => !known.has(fileId));
      await remove(orphans);
      return orphans.length;
    },
    whileKept: (work) => work(),
  };
}
