import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSessionToken } from '../contacts/sessionTokens.ts';
import { closeServices, type Services } from '../services.ts';
import { upsertOrganizationUser } from '../staff/records.ts';
import type { Database } from './database.ts';
import { openDatabase } from './openDatabase.ts';
import { signedInUser, useAuthEmulator } from '../../../tests/server/authEmulator.ts';
import { builtSite } from '../../../tests/server/builtSite.ts';
import { invited } from '../../../tests/server/invitations.ts';
import { available, startReplicatedPostgres, type ReplicatedPostgres } from '../../../tests/server/postgresReplica.ts';
import { apiCaller, testServices } from '../../../tests/server/services.ts';

const emulator = useAuthEmulator();
const maxLagSeconds = 3;
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

// A primary and a streaming replica of the test's own (PostgreSQL's binaries), where .ci/run runs the PostgreSQL tests.
describe.skipIf(!available || !process.env['TEST_DATABASE_URL'])('DATABASE_REPLICA_URL: reads that may lag', () => {
  let cluster: ReplicatedPostgres | undefined;
  let db: Database | undefined;
  let services: Services | undefined;
  let call: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    cluster = await startReplicatedPostgres();
    db = await openDatabase({ url: cluster.primaryUrl });
    services = await testServices(db, {
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_REPLICA_URL: cluster.replicaUrl,
      DATABASE_REPLICA_MAX_LAG_SECONDS: String(maxLagSeconds),
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FOYER_OUT_DIR: builtSite(),
    });
    call = apiCaller(services);
  }, 60_000);
  afterAll(async () => {
    // Whatever beforeAll got to: the two servers stop in any case.
    try {
      if (services) await closeServices(services);
      else await db?.close();
    } finally {
      await cluster?.stop();
    }
  });

  it('reports read the replica, conversations the primary; a replica behind or down leaves reports working', async () => {
    const email = `agent-${randomUUID()}@example.com`;
    await upsertOrganizationUser(db!, { email, role: 'agent' });
    const agent = (await signedInUser(emulator.host, email)).idToken;
    // Each call without the voter cookie is another reader.
    const vote = async () => {
      const body = { lang: 'en', article: 'basics/first-steps', helpful: true };
      expect((await call('/api/helpful', { body, headers: { 'user-agent': browser } })).status).toBe(200);
    };
    const yesInReport = async () => {
      const report = await call('/api/helpCentre/report', { token: agent, body: { lang: 'en', days: 7 } });
      expect(report.status).toBe(200);
      return (report.body.articles as { article: string; yes: number }[]).find((entry) => entry.article === 'basics/first-steps')?.yes ?? 0;
    };
    const yesStored = async () =>
      Number((await db!.query<{ n: number }>('select count(*)::int as n from article_votes where helpful'))[0]!.n);

    await vote();
    await expect.poll(yesInReport, { timeout: 10_000 }).toBe(1);

    // The replica stops applying the primary's changes: the report shows what it has, the primary has more.
    await cluster!.pauseReplay();
    const pausedAt = Date.now();
    await vote();
    expect(await yesStored()).toBe(2);
    expect(await yesInReport()).toBe(1);
    expect(Date.now() - pausedAt).toBeLessThan(maxLagSeconds * 1000);
    // Meanwhile a conversation is the primary's: a message is listed the moment it is sent.
    const { contactId, chatBoxId } = await invited(services!);
    const { jwt } = await issueSessionToken(
      services!.keys.sessionTokens,
      { contactId, scope: chatBoxId, authTime: new Date(), version: 0 },
      24,
    );
    const sent = await call('/api/chat/messages/send', {
      token: jwt,
      body: { chatBoxId, clientId: randomUUID(), text: 'While the replica lags' },
    });
    expect(sent.status).toBe(200);
    const listed = await call('/api/chat/messages/list', { token: jwt, body: { chatBoxId } });
    expect(listed.body.messages.map((message: { text: string }) => message.text)).toContain('While the replica lags');

    // Behind by more than the bound, it is left alone: the report reads the primary.
    await expect.poll(yesInReport, { timeout: 15_000 }).toBe(2);
    expect(Date.now() - pausedAt).toBeGreaterThanOrEqual(maxLagSeconds * 1000);

    // Caught up, it is read again: paused once more, the report shows only what it had replayed.
    await cluster!.resumeReplay();
    // Its lag is checked every maxLagSeconds / 4: two checks' time.
    await new Promise((done) => setTimeout(done, 2000));
    await cluster!.pauseReplay();
    await vote();
    expect(await yesStored()).toBe(3);
    expect(await yesInReport()).toBe(2);

    // The replica goes away: the report is read from the primary, whole.
    await cluster!.stopReplica();
    await vote();
    expect(await yesInReport()).toBe(4);
  }, 60_000);
});
