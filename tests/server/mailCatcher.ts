/** A real SMTP server on loopback that keeps what it is sent (smtp-server, parsed by mailparser): tests read it. */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  messageId: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  /** A header as it was sent (unfolded), or undefined: mailparser's `headers` turns List-* into objects. */
  rawHeader(name: string): string | undefined;
}

export interface MailCatcher {
  url: string;
  port: number;
  mails: CaughtMail[];
  stop(): Promise<void>;
  /** Listens again on the same port (after stop). */
  start(): Promise<void>;
}

export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  let server: SMTPServer | null = null;
  const listen = async (onPort: number) => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            mails.push({
              messageId: parsed.messageId ?? '',
              to: parsed.to
                ? [parsed.to]
                    .flat()
                    .map((address) => address.text)
                    .join(', ')
                : '',
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
              rawHeader: (name) =>
                parsed.headerLines
                  .find((header) => header.key === name.toLowerCase())
                  ?.line.replace(/^[^:]*:\s*/, '')
                  .replace(/\r?\n\s+/g, ' '),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => server!.listen(onPort, '127.0.0.1', resolve));
    return (server.server.address() as AddressInfo).port;
  };
  const actualPort = await listen(port);
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start: async () => void (await listen(actualPort)),
  };
}
