import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AthleteSearchQuery, AthleteSearchResult } from '../../shared/schemas/athleteSearch.ts';
import { scheduleEstimates, type ShownEstimate } from '../../shared/schedule/venue.ts';
import type { AthleteIndex } from './index.ts';
import { parsePositiveInt } from '../competitions/routes.ts';
import { NotFound } from '../errors.ts';
import { searchAthletes } from './search.ts';

const UicParams = z.object({ competitionUic: z.string() });

/**
 * A competition's estimated starts, worked out at most once a second: they move with the
 * clock, but a crowd searching at once need not work them out each.
 */
const estimated = new WeakMap<
  AthleteIndex,
  { second: number; estimates: Map<string, ShownEstimate> }
>();
function estimatesOf(index: AthleteIndex): Map<string, ShownEstimate> {
  const second = Math.floor(Date.now() / 1000);
  const held = estimated.get(index);
  if (held?.second === second) return held.estimates;
  const estimates = scheduleEstimates(index.schedule, index.date, new Date());
  estimated.set(index, { second, estimates });
  return estimates;
}

/**
 * Athlete search and followed athletes, from the node's index of the competition's lists
 * (server/publicCache/reads.ts): no database per search. Estimated starts are worked out per
 * answer, as they move with the clock.
 */
export const athleteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/competitions/:competitionUic/athletes',
    {
      schema: {
        summary: "Search a competition's athletes by name, bib or club, with their events",
        params: UicParams,
        querystring: AthleteSearchQuery,
        response: { 200: AthleteSearchResult },
      },
    },
    async (request, reply) => {
      const uic = parsePositiveInt(request.params.competitionUic);
      const index = uic === undefined ? null : (await app.publicReads.athletesOf(uic)).facts;
      if (!index) throw new NotFound('Competition not found');
      const found = searchAthletes(index.athletes, request.query);
      const estimates = estimatesOf(index);
      reply.header('cache-control', 'no-cache');
      return {
        total: found.total,
        athletes: found.athletes.map(({ entry }) => ({
          ...entry,
          events: entry.events.map((event) => ({
            ...event,
            estimatedStart: estimates.get(event.eventId)?.estimatedStart ?? null,
            lateMinutes: estimates.get(event.eventId)?.lateMinutes ?? null,
          })),
        })),
      };
    },
  );
};
