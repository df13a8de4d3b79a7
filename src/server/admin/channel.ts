/**
 * The local admin channel: the running server listens on a Unix socket in its data directory, so the
 * command-line tool can act while PGlite (one process per directory) is held by the server. Only someone who
 * can read the data directory gets in: the socket and the per-start token file are private to its owner.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import type { Services } from '../services.ts';
import { commandSchema, runCommand } from './commands.ts';

const socketName = 'admin.sock';
const tokenName = 'admin-token';

export interface AdminAnswer {
  ok: boolean;
  output: string;
}

function post(socketPath: string, token: string, body: unknown): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, path: '/', method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as AdminAnswer);
          } catch {
            reject(new Error(`The server answered the admin channel with something unexpected (HTTP ${res.statusCode}).`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Sends a command to the server running on this data directory; undefined when no server is listening. */
export async function sendAdminCommand(dataDir: string, command: unknown): Promise<AdminAnswer | undefined> {
  let token: string;
  try {
    token = (await readFile(join(dataDir, tokenName), 'utf8')).trim();
  } catch {
    return undefined;
  }
  try {
    return await post(join(dataDir, socketName), token, command);
  } catch (error) {
    if (['ENOENT', 'ECONNREFUSED'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

/** Another Foyer answering on this data directory means PGlite is taken: opening it twice would corrupt it. */
export async function refuseSecondServer(dataDir: string): Promise<void> {
  if ((await sendAdminCommand(dataDir, { name: 'staff-list' })) !== undefined) {
    throw new Error(`Another Foyer is already running on ${dataDir}. Stop it first, or give this one its own FOYER_DATA_DIR.`);
  }
}

export async function startAdminChannel(services: Services): Promise<{ close(): Promise<void> }> {
  const dataDir = services.config.FOYER_DATA_DIR;
  const socketPath = join(dataDir, socketName);
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      if (body.length < 65536) body += chunk;
    });
    req.on('end', async () => {
      const answer = (status: number, reply: AdminAnswer) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return answer(401, { ok: false, output: 'Not allowed.' });
      try {
        const parsed = commandSchema.safeParse(JSON.parse(body));
        if (!parsed.success)
          return answer(400, { ok: false, output: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n') });
        return answer(200, { ok: true, output: await runCommand(services, parsed.data) });
      } catch (error) {
        return answer(400, { ok: false, output: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  // A socket file left by a server that crashed would block listening.
  await rm(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  await chmod(socketPath, 0o600);
  await writeFile(join(dataDir, tokenName), `${token}\n`, { mode: 0o600 });
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(join(dataDir, tokenName), { force: true });
    },
  };
}
