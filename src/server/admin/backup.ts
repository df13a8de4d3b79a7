/**
 * Backups of a PGlite data directory while Foyer runs, and their restore into a stopped one. A backup is one zip
 * (yazl writes it, yauzl reads it): `foyer-backup.json` (what it is, and when), `pglite.tar` (PGlite's dump of its
 * data directory, taken between two statements of the one process that holds it, so consistent), `files/{id}/{variant}`
 * (the bytes of conversations' files, copied while no removal runs: chat/files/bytes.ts `whileKept`) and the
 * development session secret when there is one, so links and sessions go on working after a restore. The file is
 * its owner's alone (0600): it holds everything Foyer knows. PostgreSQL is backed up with its own tools
 * (docs/operations.md).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { openPromise } from 'yauzl';
import { ZipFile } from 'yazl';
import type { Config } from '../config.ts';
import { privateMode } from '../db/dataDirectory.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { filesDir, pgliteDir, type Services } from '../services.ts';
import { sendAdminCommand } from './channel.ts';

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
  const draft = `${file}.partial`;
  const counts = await fileBytes
    .whileKept(async () => {
      const dump = Buffer.from(await (await db.dump!()).arrayBuffer());
      const zip = new ZipFile();
      const createdAt = new Date().toISOString();
      zip.addBuffer(Buffer.from(JSON.stringify({ format, createdAt }, null, 2)), manifestName);
      zip.addBuffer(dump, 'pglite.tar');
      const secret = await readFile(join(config.FOYER_DATA_DIR, secretName)).catch(() => undefined);
      if (secret) zip.addBuffer(secret, secretName);
      let files = 0;
      const folder = filesDir(config);
      for (const id of await readdir(folder).catch(() => [])) {
        if (id.startsWith('.')) continue;
        for (const variant of await readdir(join(folder, id))) {
          zip.addReadStreamLazy(`files/${id}/${variant}`, { compress: false }, (ready) =>
            ready(null, createReadStream(join(folder, id, variant))),
          );
        }
        files += 1;
      }
      zip.end();
      await pipeline(zip.outputStream, createWriteStream(draft, { mode: 0o600, flags: 'wx' }));
      return { createdAt, files, databaseBytes: dump.length };
    })
    .catch(async (error: unknown) => {
      await rm(draft, { force: true });
      throw error;
    });
  await rename(draft, file);
  const size = (await stat(file)).size;
  return `Backed up to ${file} (${(size / 1e6).toFixed(1)} MB): the database as of ${counts.createdAt} and ${counts.files} file${counts.files === 1 ? '' : 's'}. Restore it with: npm run foyer -- restore ${file}`;
}

/**
 * Restores a backup into this data directory, with Foyer stopped. A database there already is kept beside it
 * (`pglite.before-restore-{time}`, with its files and secret) and replaced only with `force`.
 */
export async function restore(config: Pick<Config, 'FOYER_DATA_DIR'>, file: string, { force = false } = {}): Promise<string> {
  const dataDir = config.FOYER_DATA_DIR;
  if ((await sendAdminCommand(dataDir, { name: 'staff-list' })) !== undefined) {
    throw new Error(`Foyer is running on ${dataDir}: stop it before restoring.`);
  }
  const database = pgliteDir(config);
  if ((await readdir(database).catch(() => [])).length > 0 && !force) {
    throw new Error(`${database} holds a database. Restore over it with --force; it is then kept beside the restored one.`);
  }

  // Everything is made in a folder of its own first, then moved into place: an interrupted restore leaves the data
  // directory as it was.
  await mkdir(dataDir, { recursive: true, mode: privateMode });
  const staging = join(dataDir, `restoring-${Date.now()}`);
  await mkdir(staging, { mode: privateMode });
  try {
    const zip = await openPromise(file, { lazyEntries: true });
    let manifest: { format?: string; createdAt?: string } = {};
    let dump: Buffer | undefined;
    let secret: Buffer | undefined;
    let files = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const content = await zip.openReadStreamPromise(entry);
        const part = /^files\/(fl_[0-9a-z]+)\/(thumb|display|original)$/.exec(entry.fileName);
        if (entry.fileName === manifestName) manifest = JSON.parse((await buffer(content)).toString()) as typeof manifest;
        else if (manifest.format !== format) break;
        else if (entry.fileName === 'pglite.tar') dump = await buffer(content);
        else if (entry.fileName === secretName) secret = await buffer(content);
        else if (part) {
          // Streamed to disk one at a time: the files may be far larger than memory.
          await mkdir(join(staging, 'files', part[1]!), { recursive: true, mode: privateMode });
          await pipeline(content, createWriteStream(join(staging, 'files', part[1]!, part[2]!), { mode: 0o600 }));
          if (part[2] === 'original') files += 1;
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

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const moved: string[] = [];
    for (const name of ['pglite', 'files', ...(secret ? [secretName] : [])]) {
      const current = join(dataDir, name);
      if (await exists(current)) {
        await rename(current, `${current}.before-restore-${stamp}`);
        moved.push(`${name}.before-restore-${stamp}`);
      }
      if (await exists(join(staging, name))) await rename(join(staging, name), current);
    }
    const kept = moved.length ? ` What was there is kept in ${dataDir}: ${moved.join(', ')}.` : '';
    return `Restored the backup of ${manifest.createdAt}: ${summary!.contacts} contacts, ${summary!.messages} messages, ${summary!.staff} staff members, ${summary!.mails} e-mails waiting, ${files} files.${kept}`;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
