import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AdminClient, ADMIN_PASSWORD, competitionBody } from './admin.ts';
import { unique } from './factory.ts';
import { createToken } from './tokens.ts';
import type { AdminClubs, AdminCompetition } from '../../shared/schemas/admin.ts';

export type Env = Record<string, string>;

/**
 * Compiled scripts (dist/) run as `npm start` runs them, with plain node, and here are kept
 * from loading tsx or a TypeScript file, which the image does not hold.
 */
export const PLAIN_NODE = [
  '--enable-source-maps',
  '--import',
  fileURLToPath(new URL('./noTypeScript.mjs', import.meta.url)),
];

/**
 * What runs for a product script's source (server/main.ts): its compiled file in dist/, which
 * the global setup builds once per run (tests/support/globalSetup.ts). Every process a test
 * starts runs what `npm start` runs, and none spends seconds compiling TypeScript.
 */
export function compiled(script: string): string {
  return script.endsWith('.ts') ? `dist/${script.replace(/\.ts$/, '.js')}` : script;
}

/** A script of the product (the server, the worker, admin:create) in a process of its own. */
export function runScript(script: string, env: Env, args: string[] = []): ChildProcess {
  return fork(compiled(script), args, {
    execArgv: PLAIN_NODE,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

/** Waits until the server at `url` answers its health check. */
export async function untilUp(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const status = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > until) throw new Error(`${url} did not come up within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A club and its admin made as a production install makes its first one (npm run
 * admin:create), before the server that holds the embedded database starts.
 */
export async function createAdminAccount(
  env: Env,
  script = 'scripts/admin-create.ts',
): Promise<string> {
  const email = `${unique('timing')}@example.com`;
  const child = runScript(script, env, ['--email', email, '--club', unique('Harriers')]);
  const code = await exited(child);
  if (code !== 0) throw new Error(`admin:create exited ${code}`);
  return email;
}

/** Through the running server's API: the admin's live competition and a timing room token. */
export async function timingRoomOf(url: string, email: string) {
  const admin = new AdminClient(url);
  const login = await admin.login(email, ADMIN_PASSWORD);
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { body: clubs } = await admin.json<AdminClubs>('/api/admin/clubs');
  const { body: competition } = await admin.json<AdminCompetition>('/api/admin/competitions', {
    method: 'POST',
    json: competitionBody(clubs.clubs[0]!.uic, { liveNow: true }),
  });
  const { token } = await createToken(admin, competition.uic);
  return { admin, competitionUic: competition.uic, token };
}
