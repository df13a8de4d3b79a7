/**
 * The command-line tool: invite and revoke contacts, and manage staff. While `npm start` runs on a PGlite data
 * directory, commands go to it over the admin channel; otherwise the tool opens the database itself (always for
 * PostgreSQL).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restore } from './admin/backup.ts';
import { sendAdminCommand } from './admin/channel.ts';
import { commandSchema, runCommand, type Command } from './admin/commands.ts';
import { loadConfig } from './config.ts';
import { silentLog } from './log.ts';
import { closeServices, createServices } from './services.ts';

export const usage = `Usage: npm run foyer -- <command>

  invite --email EMAIL [--name NAME] [--lang CODE] [--chat-box ID | --page] [--no-send-email]
      Makes the contact (if new) and a chat box (unless --chat-box or --page), and prints a link with a one-time code.
      When e-mail is set up (SMTP_URL, MAIL_FROM), the link is also e-mailed, unless --no-send-email.
  contact revoke EMAIL
      Ends the contact's open sessions and makes their unused codes worthless.
  contact export EMAIL [--for-contact]
      Prints everything stored about the contact as JSON, internal notes marked; --for-contact leaves them out
      (the copy to hand to the contact).
  contact erase EMAIL
      Deletes the contact with their chat boxes, messages and codes; their sessions and open streams end.
  staff add EMAIL --role admin|agent [--name NAME]
  staff list
  staff remove EMAIL
  backup FILE
      Writes everything on the PGlite data directory (database, conversations' files, the development secret) to a
      new file, while Foyer runs. PostgreSQL: pg_dump (docs/operations.md).
  restore FILE [--force]
      With Foyer stopped, makes the data directory what the backup holds; a database already there is replaced only
      with --force, and kept beside it.`;

class UsageError extends Error {}

/** Turns the words after `npm run foyer --` into a command, or a UsageError that says what is wrong. */
export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        lang: { type: 'string' },
        'chat-box': { type: 'string' },
        page: { type: 'boolean' },
        'send-email': { type: 'boolean' },
        role: { type: 'string' },
        'for-contact': { type: 'boolean' },
      },
      allowNegative: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [first, second, third, ...rest] = positionals;
  const raw =
    first === 'invite' && !second
      ? {
          name: 'invite',
          email: values.email,
          displayName: values.name,
          lang: values.lang,
          chatBoxId: values['chat-box'],
          page: values.page,
          sendEmail: values['send-email'],
        }
      : first === 'staff' && second === 'add' && third && !rest.length
        ? { name: 'staff-add', email: third, role: values.role, displayName: values.name }
        : first === 'staff' && second === 'list' && !third
          ? { name: 'staff-list' }
          : first === 'staff' && second === 'remove' && third && !rest.length
            ? { name: 'staff-remove', email: third }
            : first === 'contact' && second === 'export' && third && !rest.length
              ? { name: 'contact-export', email: third, forContact: values['for-contact'] }
              : first === 'contact' && (second === 'revoke' || second === 'erase') && third && !rest.length
                ? { name: `contact-${second}`, email: third }
                : first === 'backup' && second && !third
                  ? { name: 'backup', file: resolve(second) }
                  : undefined;
  if (!raw) throw new UsageError(first ? `Unknown command: ${positionals.join(' ')}` : 'Name a command.');
  const result = commandSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined)));
  if (!result.success) {
    const flag: Record<string, string> = {
      displayName: '--name',
      chatBoxId: '--chat-box',
      email: '--email',
      role: '--role',
      lang: '--lang',
      sendEmail: '--send-email',
    };
    throw new UsageError(
      result.error.issues.map((issue) => `${flag[String(issue.path[0])] ?? issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  }
  return result.data;
}

export async function main(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  if (!argv.length || argv.includes('--help') || argv[0] === 'help') {
    console.log(usage);
    return argv.length ? 0 : 1;
  }
  try {
    // Not a command for a running server: it must be stopped.
    if (argv[0] === 'restore') {
      let parsed;
      try {
        parsed = parseArgs({ args: argv.slice(1), allowPositionals: true, options: { force: { type: 'boolean' } } });
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const { values, positionals } = parsed;
      if (positionals.length !== 1) throw new UsageError('Name the backup file to restore.');
      console.log(await restore(loadConfig(env), resolve(positionals[0]!), { force: values.force ?? false }));
      return 0;
    }
    const command = parseCommand(argv);
    const config = loadConfig(env);
    if (!config.DATABASE_URL) {
      const answer = await sendAdminCommand(config.FOYER_DATA_DIR, command);
      if (answer) {
        (answer.ok ? console.log : console.error)(answer.output);
        return answer.ok ? 0 : 1;
      }
    }
    const services = await createServices(config, { log: silentLog });
    try {
      console.log(await runCommand(services, command));
      return 0;
    } finally {
      await closeServices(services);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
