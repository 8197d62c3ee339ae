import type { Db } from './db/connect.ts';
import { ensurePricePlans } from './pricing/plans.ts';
import type { DemoSeedResult } from '../scripts/seed/firstRun.ts';

export type BootstrapResult = DemoSeedResult;

/**
 * Reference data every install needs (the price plans), and demo data for a first run
 * outside production. The demo seed is a development tool: it is loaded only when demo
 * seeding is on, so a production process never loads it and its image need not hold it.
 */
export async function bootstrapData(db: Db, seedDemo: boolean): Promise<BootstrapResult> {
  await ensurePricePlans(db);
  if (!seedDemo) return { seeded: false };
  const { seedDemoOnFirstRun } = await import('../scripts/seed/firstRun.ts');
  return seedDemoOnFirstRun(db);
}
