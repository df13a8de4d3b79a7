/**
 * Backups of a PGlite data directory while Foyer runs, and their restore into a stopped one. A backup is one zip
 * (yazl writes it, yauzl reads it): `foyer-backup.json` (what it is, and when), `pglite.tar` (PGlite's dump of its
 * data directory, taken between two statements of the one process that holds it, so consistent), `files/{id}/{variant}`
 * (the bytes of conversations' files, copied while no removal runs: chat/files/bytes.ts `whileKept`) and the
 * development session secret when there is one, so links and sessions go on working after a restore. The file is
 * its owner's alone (0600): it holds everything Foyer knows. PostgreSQL is backed up with its own tools
 * (docs/operations.md).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { openPromise } from 'yauzl';
import { fileIdPattern, fileVariants } from '../../lib/api/constants.ts';
import type { Config } from '../config.ts';
import { privateMode } from '../db/dataDirectory.ts';
import { lockDirectory } from '../db/directoryLock.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { filesDir, pgliteDir, type Services } from '../services.ts';
import { streamingZip } from '../streamingZip.ts';

const manifestName = 'foyer-backup.json';
const format = 'foyer-backup/1';
const secretName = 'session-secret';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Writes a backup of the running server's data to `file` (a new file); answers what it holds. */
export async function backup({ db, fileBytes, config }: Pick<Services, 'db' | 'fileBytes' | 'config'>, file: string): Promise<string> {
  if (db.kind !== 'pglite' || !db.dump) {
    throw new Error('With DATABASE_URL, back up PostgreSQL with pg_dump (docs/operations.md, Backups).');
  }
  if (await exists(file)) throw new Error(`${file} exists already: name a new file.`);
  // This run's own draft, linked into place at the end: never another run's file, and never over one made meanwhile.
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  try {
    const counts = await fileBytes.whileKept(async () => {
      const dump = Buffer.from(await (await db.dump!()).arrayBuffer());
      const zip = streamingZip();
      const createdAt = new Date().toISOString();
      zip.addBuffer(Buffer.from(JSON.stringify({ format, createdAt }, null, 2)), manifestName);
      zip.addBuffer(dump, 'pglite.tar');
      const secret = await readFile(join(config.FOYER_DATA_DIR, secretName)).catch(() => undefined);
      if (secret) zip.addBuffer(secret, secretName);
      let files = 0;
      const folder = filesDir(config);
      for (const id of await readdir(folder).catch(() => [])) {
        if (id.startsWith('.')) continue;
        // Removed just before the copy began (whileKept holds removals from then on): nothing of it to keep.
        const variants = await readdir(join(folder, id)).catch(() => []);
        for (const variant of variants)
          zip.addStream(`files/${id}/${variant}`, () => createReadStream(join(folder, id, variant)), { compress: false });
        if (variants.length) files += 1;
      }
      zip.end();
      await pipeline(zip.output, createWriteStream(draft, { mode: 0o600, flags: 'wx' }));
      return { createdAt, files };
    });
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? new Error(`${file} exists already: name a new file.`) : error;
    });
    const size = (await stat(file)).size;
    return `Backed up to ${file} (${(size / 1e6).toFixed(1)} MB): the database as of ${counts.createdAt} and ${counts.files} file${counts.files === 1 ? '' : 's'}. Restore it with: npm run foyer -- restore ${file}`;
  } finally {
    await rm(draft, { force: true });
  }
}

/**
 * Restores a backup into this data directory, with Foyer stopped. A database there already is kept beside it
 * (`pglite.before-restore-{time}`, with its files and secret) and replaced only with `force`.
 */
export async function restore(config: Pick<Config, 'FOYER_DATA_DIR'>, file: string, { force = false } = {}): Promise<string> {
  const dataDir = config.FOYER_DATA_DIR;
  const database = pgliteDir(config);
  if ((await readdir(database).catch(() => [])).length > 0 && !force) {
    throw new Error(`${database} holds a database. Restore over it with --force; it is then kept beside the restored one.`);
  }

  // PGlite's own lock, held throughout: a running server holds it, and so does one still starting, or the
  // command-line tool with the database open.
  await mkdir(dataDir, { recursive: true, mode: privateMode });
  const unlock = await lockDirectory(database);
  // Everything is made in a folder of its own first, then moved into place: an interrupted restore leaves the data
  // directory as it was.
  const staging = join(dataDir, `restoring-${Date.now()}`);
  try {
    await mkdir(staging, { mode: privateMode });
    const zip = await openPromise(file, { lazyEntries: true });
    let manifest: { format?: string; createdAt?: string } = {};
    let dump: Buffer | undefined;
    let secret: Buffer | undefined;
    let files = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const content = await zip.openReadStreamPromise(entry);
        // Only names Foyer writes: a file id and a variant, so no entry can reach outside the staging folder.
        const [, id = '', variant = ''] = /^files\/([^/]+)\/([^/]+)$/.exec(entry.fileName) ?? [];
        const part = fileIdPattern.test(id) && (fileVariants as readonly string[]).includes(variant);
        if (entry.fileName === manifestName) manifest = JSON.parse((await buffer(content)).toString()) as typeof manifest;
        else if (manifest.format !== format) break;
        else if (entry.fileName === 'pglite.tar') dump = await buffer(content);
        else if (entry.fileName === secretName) secret = await buffer(content);
        else if (part) {
          // Streamed to disk one at a time: the files may be far larger than memory.
          await mkdir(join(staging, 'files', id), { recursive: true, mode: privateMode });
          await pipeline(content, createWriteStream(join(staging, 'files', id, variant), { mode: 0o600 }));
          if (variant === 'original') files += 1;
        } else content.resume();
      }
    } finally {
      zip.close();
    }
    if (manifest.format !== format || !dump) throw new Error(`${file} is not a Foyer backup.`);
    const db = await openDatabase({ dataDir: join(staging, 'pglite'), loadDataDir: new Blob([new Uint8Array(dump)]) });
    let summary;
    try {
      [summary] = await db.query<{ contacts: number; messages: number; staff: number; mails: number }>(
        `select (select count(*) from contacts)::integer as contacts, (select count(*) from messages)::integer as messages,
          (select count(*) from organization_users)::integer as staff,
          (select count(*) from mail_outbox where sent_at is null and gave_up_at is null)::integer as mails`,
      );
    } finally {
      await db.close();
    }
    if (secret) await writeFile(join(staging, secretName), secret, { mode: 0o600 });

    // Two steps, undone if either fails: what is there goes aside, then the restored parts come in.
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const names = ['pglite', 'files', ...(secret ? [secretName] : [])];
    const aside: string[] = [];
    const placed: string[] = [];
    try {
      for (const name of names) {
        if (!(await exists(join(dataDir, name)))) continue;
        await rename(join(dataDir, name), join(dataDir, `${name}.before-restore-${stamp}`));
        aside.push(name);
      }
      for (const name of names) {
        if (!(await exists(join(staging, name)))) continue;
        await rename(join(staging, name), join(dataDir, name));
        placed.push(name);
      }
    } catch (error) {
      for (const name of placed.reverse()) await rename(join(dataDir, name), join(staging, name)).catch(() => {});
      for (const name of aside.reverse())
        await rename(join(dataDir, `${name}.before-restore-${stamp}`), join(dataDir, name)).catch(() => {});
      throw error;
    }
    const kept = aside.length
      ? ` What was there is kept in ${dataDir}: ${aside.map((name) => `${name}.before-restore-${stamp}`).join(', ')}.`
      : '';
    return `Restored the backup of ${manifest.createdAt}: ${summary!.contacts} contacts, ${summary!.messages} messages, ${summary!.staff} staff members, ${summary!.mails} e-mails waiting, ${files} files.${kept}`;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await unlock();
  }
}
