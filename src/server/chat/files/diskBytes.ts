/**
 * Files' bytes on disk beside PGlite, in `<data dir>/files/<file id>/<variant>`: PGlite runs inside the server's
 * own process, and every byte it stores passes through its WebAssembly memory, which never shrinks (20 uploads of
 * 25 MB at once grew the process by 165 MiB and went at 2.4 MB/s). Only one process ever opens a PGlite directory,
 * so nothing else needs to share these files, and a backup of the data directory holds them.
 *
 * A variant is written to a hidden temporary file, flushed and then renamed into place, so it is there whole or not
 * at all. Records go before their bytes (cleanup.ts), so a process killed in between leaves bytes without a record,
 * never a record without bytes; `removeOrphans` finds those, and temporary files a killed process left.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileIdPattern } from '../../../lib/api/constants.ts';
import { privateMode } from '../../db/dataDirectory.ts';
import { partBytes, type FileBytes } from './bytes.ts';

const temporaryPrefix = '.partial-';
/** A temporary file this old belongs to no upload still running (one takes seconds, or minutes on a slow line). */
const abandonedAfterMs = 60 * 60 * 1000;

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Makes a rename or removal in `dir` survive a power cut, as the flushed file's bytes do. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function diskBytes(dir: string): FileBytes {
  // Ids come from the server (ids.ts), never from a path a client chose; checked all the same before they name one.
  const folderOf = (fileId: string) => {
    if (!fileIdPattern.test(fileId)) throw new Error(`Not a file id: ${fileId}`);
    return join(dir, fileId);
  };

  // While a backup copies the folder (whileKept), removals wait for it; a backup waits for removals under way.
  let keeping = 0;
  let kept: Promise<void> = Promise.resolve();
  let release = () => {};
  let removing = 0;
  const removed: (() => void)[] = [];
  const remove = async (fileIds: readonly string[]) => {
    while (keeping) await kept;
    removing += 1;
    try {
      for (const fileId of fileIds) await rm(folderOf(fileId), { recursive: true, force: true });
    } finally {
      if (--removing === 0) for (const done of removed.splice(0)) done();
    }
  };

  return {
    async write(fileId, variant, parts) {
      const folder = folderOf(fileId);
      await mkdir(dir, { recursive: true, mode: privateMode });
      const temporary = join(dir, `${temporaryPrefix}${fileId}.${variant}.${randomUUID()}`);
      const handle = await open(temporary, 'wx', 0o600);
      try {
        // Each part written before the next is read: the upload waits for the disk, as it would for the database.
        for await (const part of parts) await handle.write(part);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      const made = await mkdir(folder, { mode: privateMode }).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
          return false;
        },
      );
      // A new folder is recorded in the one above, which must keep that through a power cut too.
      if (made) await syncDirectory(dir);
      await rename(temporary, join(folder, variant));
      await syncDirectory(folder);
    },

    async *read(fileId, variant) {
      let handle;
      try {
        handle = await open(join(folderOf(fileId), variant), 'r');
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      try {
        for await (const chunk of handle.createReadStream({ highWaterMark: partBytes, autoClose: false })) {
          yield chunk as Buffer;
        }
      } finally {
        await handle.close();
      }
    },

    remove,

    async removeOrphans(recorded) {
      const entries = await readdir(dir).catch((error: unknown) => {
        if (missing(error)) return [];
        throw error;
      });
      let removed = 0;
      for (const entry of entries.filter((name) => name.startsWith(temporaryPrefix))) {
        const found = await stat(join(dir, entry)).catch(() => undefined);
        if (found && Date.now() - found.mtimeMs > abandonedAfterMs) await rm(join(dir, entry), { force: true });
      }
      const fileIds = entries.filter((name) => fileIdPattern.test(name));
      for (let start = 0; start < fileIds.length; start += 1000) {
        const batch = fileIds.slice(start, start + 1000);
        const known = await recorded(batch);
        const orphans = batch.filter((fileId) => !known.has(fileId));
        await remove(orphans);
        removed += orphans.length;
      }
      return removed;
    },

    async whileKept(work) {
      if (keeping++ === 0) kept = new Promise((done) => (release = done));
      try {
        while (removing) await new Promise<void>((done) => removed.push(done));
        return await work();
      } finally {
        if (--keeping === 0) release();
      }
    },
  };
}
