import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** One PostgreSQL database per test worker (testDatabaseUrl() picks this worker's). */
    databaseUrls: string[];
  }
}

/**
 * Migrates one database per run and hands it to every test file: embedded tests load a
 * dump of it (about 0.7 s, against 3 s to migrate anew), PostgreSQL tests share a fresh
 * database. Each test makes its own club, so files never depend on each other.
 */
export default async function setup(project: TestProject) {
  // The processes tests start run the compiled build (tests/support/rithProcess.ts compiled()).
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-test-'));
  const cleanups: (() => Promise<void>)[] = [() => fs.rm(dir, { recursive: true, force: true })];

  const template = await connectDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateToLatest(template.db);
  await ensurePricePlans(template.db);
  const dumpFile = path.join(dir, 'template.tar.gz');
  await dumpTemplate(template, dumpFile);
  project.provide('pgliteTemplate', dumpFile);

  if (project.config.env?.RITH_TEST_DB === 'postgres') {
    const baseUrl = process.env.DATABASE_URL;
    if (!baseUrl) throw new Error('The postgres test project needs DATABASE_URL.');
    // Migrated once, then copied per worker (CREATE DATABASE … TEMPLATE copies files: fast),
    // so files running side by side never share a database.
    const name = `rith_test_${randomBytes(4).toString('hex')}`;
    const admin = await connectDatabase({ kind: 'postgres', url: baseUrl });
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    const urlOf = (database: string) => {
      const url = new URL(baseUrl);
      url.pathname = `/${database}`;
      return url.toString();
    };
    const fresh = await connectDatabase({ kind: 'postgres', url: urlOf(name) });
    await migrateToLatest(fresh.db);
    await ensurePricePlans(fresh.db);
    await fresh.close();
    const names = Array.from({ length: testWorkers(project) }, (_, i) => `${name}_w${i + 1}`);
    for (const copy of names) {
      await sql`create database ${sql.id(copy)} template ${sql.id(name)}`.execute(admin.db);
    }
    project.provide(
      'databaseUrls',
      names.map((copy) => urlOf(copy)),
    );
    cleanups.push(async () => {
      for (const database of [...names, name]) {
        await sql`drop database if exists ${sql.id(database)} with (force)`.execute(admin.db);
      }
      await admin.close();
    });
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}

/** How many files of this project may run at once: one database each. */
function testWorkers(project: TestProject): number {
  // The run's workers (a project's own config leaves maxWorkers to the root's).
  return Math.max(1, project.vitest.config.maxWorkers || 1);
}

async function dumpTemplate(
  template: Awaited<ReturnType<typeof connectDatabase>>,
  file: string,
): Promise<void> {
  if (!template.dumpDataDir) throw new Error('The template must be an embedded database');
  const blob = await template.dumpDataDir();
  await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
  await template.close();
}
