import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PricePlanList } from '../../shared/schemas/pricing.ts';
import type { Db } from '../db/connect.ts';
import { listPricePlans } from './queries.ts';

export const pricingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/prices', { schema: { response: { 200: PricePlanList } } }, () =>
    listPricePlans(db),
  );
};
