// Creates (or resets) an admin user and their club: the first admin of a production install.
//   npm run admin:create -- --email you@club.ie --club "Dublin City Harriers" [--url-name dch]
// The password is read from ADMIN_PASSWORD or asked for on the terminal.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../server/config.ts';
import { createRuntime } from '../server/runtime.ts';
import { ensurePricePlans } from '../server/pricing/plans.ts';
import { createAdmin, AdminInputError } from '../server/auth/admins.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    club: { type: 'string' },
    'url-name': { type: 'string' },
    plan: { type: 'string' },
  },
});

async function askPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new AdminInputError('Set ADMIN_PASSWORD or run in a terminal.');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const password = await rl.question('Password for the new admin: ');
  rl.close();
  return password;
}

async function main() {
  if (!values.email || !values.club) {
    throw new AdminInputError(
      'Usage: npm run admin:create -- --email you@club.ie --club "Club name" [--url-name club] [--plan Club]',
    );
  }
  const password = await askPassword();
  const config = loadConfig();
  const runtime = await createRuntime(config, console);
  try {
    await ensurePricePlans(runtime.db);
    const result = await createAdmin(runtime.db, {
      email: values.email,
      password,
      clubName: values.club,
      urlName: values['url-name'],
      planName: values.plan,
    });
    console.log(
      `Admin ${result.email} can now log in; club "${result.clubName}" (uic ${result.clubUic}).`,
    );
  } finally {
    await runtime.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof AdminInputError ? err.message : err);
  process.exit(1);
});
