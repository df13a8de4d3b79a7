/**
 * A PostgreSQL primary with a streaming replica, both of the test's own, made with the server's binaries
 * (initdb, pg_basebackup) in a temporary directory on two free loopback ports. PostgreSQL refuses to run as root,
 * so under root they run as the `postgres` user. `available` is false where no binaries are installed.
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePortBase } from '../../scripts/authEmulator.mjs';

const run = promisify(execFile);
const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
const bin = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).find((dir) => existsSync(join(dir, 'initdb')));
const asRoot = process.getuid?.() === 0;

export const available = bin !== undefined && (!asRoot || existsSync('/usr/sbin/runuser'));

function pgCommand(name: string, args: string[]) {
  const command = join(bin!, name);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

export interface ReplicatedPostgres {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops (or resumes) applying the primary's changes on the replica: it lags as long as needed. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-replica-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout), Number(group));
  }
  chmodSync(dir, 0o700);
  const base = await freePortBase();
  const [primaryPort, replicaPort] = [base, base + 1];
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const started: string[] = [];
  const start = async (dataDir: string, port: number) => {
    const settings = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
    await pgCommand('pg_ctl', ['-D', dataDir, '-l', join(dir, `${port}.log`), '-o', settings, '-w', 'start']);
    started.push(dataDir);
  };
  const stopServer = async (dataDir: string) => {
    if (!started.includes(dataDir)) return;
    started.splice(started.indexOf(dataDir), 1);
    await pgCommand('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  };
  try {
    // initdb's pg_hba.conf with trust lets local replication connections in as well.
    await pgCommand('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await start(primary, primaryPort);
    await pgCommand('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    await start(replica, replicaPort);
  } catch (error) {
    for (const dataDir of [...started]) await stopServer(dataDir);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  const onReplica = async (sql: string) => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl,
    pauseReplay: () => onReplica('select pg_wal_replay_pause()'),
    resumeReplay: () => onReplica('select pg_wal_replay_resume()'),
    stopReplica: () => stopServer(replica),
    async stop() {
      for (const dataDir of [...started]) await stopServer(dataDir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
