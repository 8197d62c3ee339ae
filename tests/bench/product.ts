import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../support/ports.ts';
import { AdminClient, ADMIN_PASSWORD } from '../support/admin.ts';
import type { AdminClubs } from '../../shared/schemas/admin.ts';

/**
 * The product as users run it, for the benches: the compiled server (`dist/server/main.js`,
 * what `npm start` runs), and a PostgreSQL database of the bench's own.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the compiled server with `env` on a free port; resolves once it is ready. */
export async function startRith(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, url };
    await sleep(50);
  }
}

/** A PostgreSQL database of the bench's own, so other tests' data is never touched. */
export async function freshDatabase(
  bench: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `rith_bench_${bench}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The product built and started as users run it, on a database of the bench's own, with a
 * club admin signed in: what a bench that works through the admin API starts from.
 * `close` stops the server and drops the database.
 */
export async function productWithAdmin(bench: string): Promise<{
  url: string;
  admin: AdminClient;
  clubUic: number;
  close(): Promise<void>;
}> {
  for (const script of ['scripts/build-client.mjs', 'scripts/build-server.mjs']) {
    execFileSync(process.execPath, [script, '--if-stale'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rith-bench-${bench}-`));
  const database = await freshDatabase(bench);
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    LOG_LEVEL: 'warn',
  };
  let server: { child: ChildProcess; url: string } | undefined;
  const close = async () => {
    const child = server?.child;
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const email = `${bench}-${Date.now()}@example.com`;
    execFileSync(
      process.execPath,
      ['dist/scripts/admin-create.js', '--email', email, '--club', 'Bench Harriers'],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ADMIN_PASSWORD, ...env }, stdio: 'ignore' },
    );
    server = await startRith(env);
    const admin = new AdminClient(server.url);
    if (!(await admin.login(email, ADMIN_PASSWORD)).ok) throw new Error('login failed');
    const { body: clubs } = await admin.json<AdminClubs>('/api/admin/clubs');
    return { url: server.url, admin, clubUic: clubs.clubs[0]!.uic, close };
  } catch (err) {
    await close();
    throw err;
  }
}
