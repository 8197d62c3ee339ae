import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClubList } from '../../shared/schemas/club.ts';
import type { Db } from '../db/connect.ts';
import { listVisibleClubs } from './queries.ts';

export const clubRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/clubs', { schema: { response: { 200: ClubList } } }, () => listVisibleClubs(db));
};
