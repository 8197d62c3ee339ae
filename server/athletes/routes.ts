import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AthleteSearchQuery, AthleteSearchResult } from '../../shared/schemas/athleteSearch.ts';
import { scheduleEstimates, type ShownEstimate } from '../../shared/schedule/venue.ts';
import type { AthleteIndex } from './index.ts';
import { parsePositiveInt } from '../competitions/routes.ts';
import type { RateLimits } from '../infra/rateLimit.ts';
import { addressGroup } from '../infra/addressGroup.ts';
import { NotFound, TooManyRequests } from '../errors.ts';
import { searchAthletes } from './search.ts';

const UicParams = z.object({ competitionUic: z.string() });
export const TOO_MANY_SEARCHES =
  'Too many athlete searches from your network. Please try again in a moment.';

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
export const athleteRoutes: FastifyPluginAsyncZod<{
  limits: Pick<RateLimits, 'athleteSearchByIp'>;
}> = async (app, { limits }) => {
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
      // What a person types is limited per address. Followed athletes (`key`, `club`) are not:
      // My athletes asks for them again at each change of the meet, on every phone at once,
      // and a stadium's phones share its Wi-Fi's address.
      if (request.query.q) {
        // By the address's group (an IPv6 /64): a device may use any address in its /64.
        const wait = await limits.athleteSearchByIp.consume(addressGroup(request.ip));
        if (wait > 0) throw new TooManyRequests(TOO_MANY_SEARCHES, wait);
      }
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
