import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClubList, ClubListQuery } from '../../shared/schemas/club.ts';
import type { Db } from '../db/connect.ts';
import { sendCached } from '../publicCache/http.ts';

/** The public club list, from the node's cache (server/publicCache/). */
export const clubRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app) => {
  app.get(
    '/api/clubs',
    { schema: { querystring: ClubListQuery, response: { 200: ClubList } } },
    async (request, reply) =>
      sendCached(request, reply, await app.publicReads.clubs(request.query.listed === true)),
  );
};
