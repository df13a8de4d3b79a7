/**
 * The mail outbox's throughput: 10,000 e-mails written due at once, sent by one worker to an SMTP server on
 * loopback (smtp-server, counting only). Figures: e-mails per second, and from "due" to "accepted by SMTP" p50 / p99.
 * PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set. Alone: `node scripts/bench/mail.mjs`.
 */
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../../src/server/db/openDatabase.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { silentLog } from '../../src/server/log.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { createMailWorker } from '../../src/server/mail/worker.ts';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function countingServer() {
  const accepted = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted.push(performance.now());
        callback();
      });
    },
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, accepted, stop: () => new Promise((done) => server.close(done)) };
}

async function run(db, count) {
  await migrate(db);
  await db.query('truncate mail_outbox');
  const smtp = await countingServer();
  // Written in one statement, all due now: the worker's backlog after an outage, say.
  await db.query(
    `insert into mail_outbox (idempotency_key, kind, recipient, message_id, subject, text_body, html_body)
     select 'bench:' || i, 'bench', 'contact' || i || '@example.com', '<bench.' || i || '@help.example.com>', 'Your conversation',
            repeat('A line of the e-mail. ', 40), '<p>' || repeat('A line of the e-mail. ', 40) || '</p>'
     from generate_series(1, $1) as i`,
    [count],
  );
  const start = performance.now();
  const worker = createMailWorker({
    db,
    transport: smtpTransport(smtp.url),
    from: 'Bench <bench@example.com>',
    log: silentLog,
    pollSeconds: 3600,
    batch: 50,
  });
  const sent = await worker.drain();
  const seconds = (performance.now() - start) / 1000;
  await worker.stop();
  await smtp.stop();
  const waits = smtp.accepted.map((at) => at - start).sort((a, b) => a - b);
  return { sent, accepted: smtp.accepted.length, perSecond: sent / seconds, p50: percentile(waits, 50), p99: percentile(waits, 99) };
}

export async function measureMail({ count = 10_000 } = {}) {
  const pglite = await openDatabase({ dataDir: 'memory://' });
  const result = { count, pglite: await run(pglite, count).finally(() => pglite.close()) };
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const schema = `foyer_bench_mail_${process.pid}`;
    const postgres = await openDatabase({ url, schema });
    try {
      result.postgres = await run(postgres, count);
    } finally {
      await postgres.exec(`drop schema ${schema} cascade`);
      await postgres.close();
    }
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measureMail();
  for (const [name, run] of Object.entries({ PGlite: result.pglite, PostgreSQL: result.postgres })) {
    if (!run) continue;
    console.log(
      `mail outbox (${name}), ${result.count} due: ${run.perSecond.toFixed(0)} e-mails/s; due → accepted p50 ${(run.p50 / 1000).toFixed(2)} s, p99 ${(run.p99 / 1000).toFixed(2)} s; sent ${run.sent}, accepted ${run.accepted}`,
    );
  }
}
