/**
 * Starts Foyer: settings, database (migrated; the demo seeded on a fresh one in development), one HTTP server
 * for the API (/api/*, see http/nodeApi.ts) and the built site, all behind security headers, and the admin
 * channel for the command-line tool. Stops cleanly on a signal,
 * closing the database so the next start needs no recovery.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { refuseSecondServer, startAdminChannel } from './admin/channel.ts';
import { createApi, routes } from './http/router.ts';
import { loadConfig, type Config } from './config.ts';
import { demoInviteLink, seedDemo } from './demo.ts';
import { exposureWarning } from './http/exposure.ts';
import { clientAddress } from './http/clientAddress.ts';
import { precompressedFiles } from './http/precompressed.ts';
import { refuseTunnel, requestHandler, type NodeHandler } from './http/requestHandler.ts';
import { securityHeaders, type InlineHashes } from './http/securityHeaders.ts';
import { logFor } from './log.ts';
import { createMetrics } from './metrics.ts';
import { operations } from './http/operations.ts';
import { sweep, sweepEveryMs } from './maintenance.ts';
import { wakeSnoozedRegularly } from './chat/triage.ts';
import { scanMissedMessagesRegularly } from './mail/missedMessages.ts';
import { closeServices, createServices, pgliteDir } from './services.ts';

async function loadSite({ FOYER_OUT_DIR: outDir, NODE_ENV, SITE_URL }: Config): Promise<{ handler: NodeHandler; hashes: InlineHashes }> {
  const entry = resolve(outDir, 'server/entry.mjs');
  const builtFor = (await readFile(resolve(outDir, 'site-url'), 'utf8').catch(() => '')).trim();
  if (NODE_ENV === 'production' && builtFor !== SITE_URL) {
    throw new Error(
      `The site in ${outDir} was built for ${builtFor || 'an unknown address'}, but SITE_URL is ${SITE_URL}: its canonical ` +
        'URLs, alternates and sitemap would point elsewhere. Build it again with the same SITE_URL (npm run build).',
    );
  }
  const hashesFile = resolve(outDir, 'inline-hashes.json');
  let hashes: InlineHashes;
  try {
    hashes = JSON.parse(await readFile(hashesFile, 'utf8')) as InlineHashes;
  } catch {
    throw new Error(`${hashesFile} is missing: build the site first (npm run build), or start with npm start, which builds when needed.`);
  }
  // The adapter would start its own server on import; ours adds headers and the API's services.
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  return { handler, hashes };
}

export async function startFoyer(env: Record<string, string | undefined> = process.env): Promise<{ url: string; stop(): Promise<void> }> {
  const config: Config = loadConfig(env);
  const log = logFor(config);
  const exposed = exposureWarning(config);
  if (exposed) log.warn(exposed);
  const site = await loadSite(config);
  if (!config.DATABASE_URL) await refuseSecondServer(config.FOYER_DATA_DIR);
  const services = await createServices(config, { log });
  const server = createServer();
  let stopping: Promise<void> | undefined;
  let admin: Awaited<ReturnType<typeof startAdminChannel>> | undefined;
  try {
    const development = config.NODE_ENV !== 'production';
    if (development && (await seedDemo(services))) log.info('Database: seeded the demo (staff demo@foyer.test, contact ana@example.com).');
    if (!config.RECAPTCHA_SECRET) log.info('Bot check: off, because RECAPTCHA_SECRET is not set (fine for development only).');
    const api = createApi(services);
    const metrics = createMetrics(services);
    server.on(
      'request',
      requestHandler({
        api,
        site: site.handler,
        precompressed: precompressedFiles(resolve(config.FOYER_OUT_DIR, 'client')),
        headersFor: securityHeaders(config, site.hashes),
        clientAddress: (req) => clientAddress(req, config.TRUST_PROXY),
        log,
        operations: operations(services, metrics, () => stopping !== undefined),
        metrics,
        apiPaths: new Set(routes.map((declared) => declared.path)),
        stopping: () => stopping !== undefined,
      }),
    );
    server.on('connect', refuseTunnel);
    await new Promise<void>((done, fail) => server.once('error', fail).listen(config.PORT, config.HOST, done));
    admin = services.db.kind === 'pglite' ? await startAdminChannel(services) : undefined;
    log.info(`Database: ${services.db.kind === 'pglite' ? `PGlite in ${pgliteDir(config)}` : 'PostgreSQL (DATABASE_URL)'}.`);
    if (development) {
      const link = await demoInviteLink(services);
      if (link) log.info(`Demo contact invite link (works once, 7 days): ${link}`);
    }
  } catch (error) {
    // A start that fails half-way (port taken, socket path too long…) still closes the database cleanly.
    server.close();
    await admin?.close();
    await closeServices(services);
    throw error;
  }
  services.mail?.startWorker();
  const stopMissedMessages = services.mail ? scanMissedMessagesRegularly(services) : async () => {};
  const stopWaking = wakeSnoozedRegularly(services);
  log.info(
    config.SMTP_URL && services.mail
      ? `E-mail: through ${new URL(config.SMTP_URL).host}, from ${config.MAIL_FROM}.`
      : 'E-mail: off (set SMTP_URL and MAIL_FROM to send invitations by e-mail).',
  );
  const housekeeping = () =>
    sweep(services.db, services.fileBytes, { mailKeepDays: config.MAIL_KEEP_DAYS }).catch((error: unknown) =>
      log.error('Housekeeping failed:', error),
    );
  void housekeeping();
  const sweeper = setInterval(housekeeping, sweepEveryMs).unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;

  const stop = () =>
    (stopping ??= (async () => {
      // Open event streams end cleanly first: their clients reconnect to the next process.
      await services.chat.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      clearInterval(sweeper);
      await admin?.close();
      await stopMissedMessages();
      await stopWaking();
      // The hub closed first, above; closing it again here does nothing.
      await closeServices(services);
    })());
  return { url, stop };
}
