import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CombinedEventInput,
  CombinedEventList,
  CombinedEventStandings,
  CombinedEventSummary,
} from '../../shared/schemas/combined.ts';
import { CompetitionUicParams } from '../../shared/schemas/admin.ts';
import { adminOf, type AdminDeps } from '../admin/context.ts';
import { NotFound } from '../errors.ts';
import { sendCached } from '../publicCache/http.ts';
import { parsePositiveInt } from '../competitions/routes.ts';
import { createCombinedEvent } from './service.ts';

/** The admin groups events as one combined event. */
export const adminCombinedRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.post(
    '/api/admin/competitions/:uic/combined-events',
    {
      schema: {
        params: CompetitionUicParams,
        body: CombinedEventInput,
        response: { 200: CombinedEventSummary },
      },
    },
    (request) => createCombinedEvent(deps, adminOf(request), request.params.uic, request.body),
  );
};

/** The public combined events and their standings, from the node's cache. */
export const combinedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/competitions/:competitionUic/combined-events',
    {
      schema: {
        summary: "A competition's combined events (decathlon, heptathlon…) and their parts",
        params: z.object({ competitionUic: z.string() }),
        response: { 200: CombinedEventList },
      },
    },
    async (request, reply) => {
      const uic = parsePositiveInt(request.params.competitionUic);
      if (uic === undefined) throw new NotFound('Competition not found');
      const list = await app.publicReads.combinedEventsOf(uic);
      return sendCached(request, reply, list, 'Competition not found');
    },
  );

  app.get(
    '/api/combined-events/:id',
    {
      schema: {
        summary: "A combined event's live standings, with each event's points (WA tables)",
        params: z.object({ id: z.string() }),
        response: { 200: CombinedEventStandings },
      },
    },
    async (request, reply) => {
      const standings = await app.publicReads.combinedEvent(request.params.id);
      return sendCached(request, reply, standings, 'Combined event not found');
    },
  );
};
