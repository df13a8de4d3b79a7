/** Handing an e-mail to the SMTP server named by SMTP_URL, through nodemailer (pooled connections, STARTTLS or TLS). */
import { createTransport } from 'nodemailer';

export interface MailToSend {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Resolves once the SMTP server has accepted the e-mail; rejects with its reason otherwise. */
  send(mail: MailToSend): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  // A pool keeps a few connections open: the outbox sends rows side by side, and a new TLS handshake per e-mail
  // would cost more than the e-mail. Timeouts keep a silent server from holding a row's lease for minutes.
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const transporter = createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({ ...mail, messageId: mail.messageId });
    },
    close: () => transporter.close(),
  };
}
