/** Runs the command-line tool against the browser tests' server (over its admin channel). */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
export const e2eDataDir = 'node_modules/.cache/foyer-e2e-data';

export function foyer(...args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'scripts/foyer.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, FOYER_DATA_DIR: e2eDataDir },
    encoding: 'utf8',
  });
}

export interface Invitation {
  email: string;
  /** The link's path and query (the tool prints links for SITE_URL, not for the test server). */
  path: string;
  chatBoxId: string;
  contactId: string;
  code: string;
}

/** Invites a contact (a new one unless an e-mail is given) and reads the link the tool prints. */
export function inviteLink(
  options: string[] = [],
  email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
): Invitation {
  const output = foyer('invite', '--email', email, ...options);
  const url = new URL(output.trim().split('\n').at(-1)!);
  return {
    email,
    path: url.pathname + url.search,
    chatBoxId: url.pathname.split('/').at(-1)!,
    contactId: url.searchParams.get('cs_contactId')!,
    code: url.searchParams.get('cs_otp')!,
  };
}

/** The raw e-mail (.eml) the test server's development catcher wrote for this address, waiting up to 10 s for it. */
export async function caughtMailTo(address: string): Promise<string> {
  return (await caughtMailsTo(address, 1))[0]!;
}

/** The first `count` e-mails (raw) caught for this address, oldest first (the catcher names files by time), waiting up to 10 s. */
export async function caughtMailsTo(address: string, count: number): Promise<string[]> {
  const folder = join(root, e2eDataDir, 'mail');
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((done) => setTimeout(done, 100))) {
    const names = await readdir(folder).catch(() => [] as string[]);
    const found = names.filter((file) => file.endsWith(`-${address.replace(/[^\w@.-]/g, '_')}.eml`)).sort();
    if (found.length >= count) return Promise.all(found.slice(0, count).map((name) => readFile(join(folder, name), 'utf8')));
  }
  throw new Error(`Fewer than ${count} e-mails to ${address} reached the catcher in ${folder} within 10 s.`);
}
