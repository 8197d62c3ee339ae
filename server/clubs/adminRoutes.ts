import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminClubs, FeatureList, FeaturesQuery } from '../../shared/schemas/admin.ts';
import type { AdminDeps } from '../admin/context.ts';
import { adminOf } from '../admin/context.ts';
import { NotFound } from '../errors.ts';
import { findPricePlan } from '../pricing/queries.ts';
import { listAdminClubs, listPackageFeatures } from './adminQueries.ts';

export const adminClubRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  app.get('/api/admin/clubs', { schema: { response: { 200: AdminClubs } } }, async (request) => {
    const clubs = await listAdminClubs(db, adminOf(request).clubUics);
    const first = clubs[0]?.packageId;
    const plan = first ? await findPricePlan(db, first) : undefined;
    return {
      clubs,
      packageId: plan?.id ?? null,
      packageName: plan?.name ?? null,
      packageTier: plan?.tier ?? null,
      packagePrice: plan?.price ?? null,
      packagePriceNote: plan?.priceNote ?? null,
      packageFeatures: plan?.features ?? {},
      packageExtra: plan?.extra ?? { adverts: null, renewal: null },
    };
  });

  app.get(
    '/api/admin/features',
    { schema: { querystring: FeaturesQuery, response: { 200: FeatureList } } },
    async (request) => {
      const features = await listPackageFeatures(db, request.query.packageId);
      if (features.length === 0) throw new NotFound('Package not found');
      return features;
    },
  );
};
