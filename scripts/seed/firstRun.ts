import type { Db } from '../../server/db/connect.ts';
import { DEMO_ADMIN, seedDemoData } from './demo.ts';

export interface DemoSeedResult {
  /** Set when demo data exists: the login newcomers use. */
  demoLogin?: { email: string; password: string };
  seeded: boolean;
}

/**
 * A first run outside production: demo data seeded once, into a database with no clubs, and
 * the demo login whenever the demo admin exists.
 */
export async function seedDemoOnFirstRun(db: Db): Promise<DemoSeedResult> {
  const anyClub = await db.selectFrom('clubs').select('uic').limit(1).executeTakeFirst();
  if (!anyClub) {
    const login = await seedDemoData(db);
    return { seeded: true, demoLogin: { email: login.adminEmail, password: login.adminPassword } };
  }
  const demoAdmin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ADMIN.email)
    .executeTakeFirst();
  return { seeded: false, ...(demoAdmin ? { demoLogin: DEMO_ADMIN } : {}) };
}
