/**
 * Development's SMTP server: `npm start` points Foyer at it when SMTP_URL is unset, so invitations are really sent
 * and a developer reads them as .eml files (any mail program opens them) in the data directory's `mail` folder.
 * Loopback only; it accepts any sender and recipient and delivers nothing onwards.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Starts the catcher on 127.0.0.1 (a free port unless one is given); resolves to its URL, folder and stop(). */
export async function startMailCatcher({ dir, port = 0 }) {
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((address) => address.address).join(',');
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${count}-${to.replace(/[^\w@.-]/g, '_')}.eml`;
        try {
          writeFileSync(join(folder, name), Buffer.concat(chunks), { mode: 0o600 });
          callback();
        } catch (error) {
          callback(error);
        }
      });
    },
  });
  await new Promise((done, fail) => server.once('error', fail).listen(port, '127.0.0.1', done));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    folder,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}
