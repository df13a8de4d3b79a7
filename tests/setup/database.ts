/** Vitest global setup: one migrated PGlite, dumped once per run, that every test file starts from. */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/openDatabase.ts';
import { migrate } from '../../src/server/db/migrate.ts';

const dumpFile = 'node_modules/.cache/foyer-test-pglite.tar';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  const dump = await db.dump!();
  await db.close();
  mkdirSync('node_modules/.cache', { recursive: true });
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', dumpFile);
}
