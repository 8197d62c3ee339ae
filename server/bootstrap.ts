import type { Db } from './db/connect.ts';
import { ensurePricePlans } from './pricing/plans.ts';
import { DEMO_ADMIN, seedDemoData } from '../scripts/seed/demo.ts';

export interface BootstrapResult {
  /** Set when demo data exists: the login newcomers use. */
  demoLogin?: { email: string; password: string };
  seeded: boolean;
}

/**
 * Reference data every install needs (the price plans), and demo data for a first run
 * outside production: seeded once, into a database with no clubs.
 */
export async function bootstrapData(db: Db, seedDemo: boolean): Promise<BootstrapResult> {
  await ensurePricePlans(db);
  if (!seedDemo) return { seeded: false };
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
