import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../support/ports.ts';

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
