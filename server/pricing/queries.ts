import type { Db } from '../db/connect.ts';
import type { PricePlan } from '../../shared/schemas/pricing.ts';

export async function listPricePlans(db: Db): Promise<PricePlan[]> {
  const [plans, features] = await Promise.all([
    db.selectFrom('packages').selectAll().orderBy('sortOrder').orderBy('id').execute(),
    db
      .selectFrom('packageFeatures')
      .select(['packageId', 'name', 'included'])
      .orderBy('packageId')
      .orderBy('sortOrder')
      .execute(),
  ]);
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    tier: p.tier,
    price: p.price,
    priceNote: p.priceNote,
    highlight: p.highlight,
    features: Object.fromEntries(
      features.filter((f) => f.packageId === p.id).map((f) => [f.name, f.included]),
    ),
    extra: { adverts: p.advertsText, renewal: p.renewalText },
  }));
}

export async function findPricePlan(db: Db, id: number): Promise<PricePlan | undefined> {
  return (await listPricePlans(db)).find((plan) => plan.id === id);
}
