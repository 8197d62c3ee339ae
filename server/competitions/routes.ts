import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Competition,
  CompetitionList,
  CompetitionListQuery,
  CompetitionPage,
  CompetitionPageQuery,
} from '../../shared/schemas/competition.ts';
import { competitionTabs } from '../../shared/competitionList.ts';
import { competitionClock } from '../../shared/entries.ts';
import type { Db } from '../db/connect.ts';
import { NotFound } from '../errors.ts';
import { sendCached } from '../publicCache/http.ts';

const UicParams = z.object({ competitionUic: z.string() });

/** The public competition reads, from the node's cache (server/publicCache/). */
export const competitionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app) => {
  app.get(
    '/api/competitions',
    { schema: { querystring: CompetitionListQuery, response: { 200: CompetitionList } } },
    async (request, reply) => {
      const { club, comp } = request.query;
      const list = await app.publicReads.competitions({ clubUic: club, named: comp });
      return sendCached(request, reply, list);
    },
  );

  // "Today" at the venue, as the page's cards tell upcoming from past; worked out once a
  // second at most (formatting a date in a time zone costs more than the rest of a read).
  let today = { second: 0, date: '' };
  const venueToday = () => {
    const second = Math.floor(Date.now() / 1000);
    if (today.second !== second) today = { second, date: competitionClock(new Date()).date };
    return today.date;
  };

  // The competitions page, paginated here: a visitor fetches the 8 cards shown, not the whole
  // list. Static paths, so they win over /api/competitions/{uic}.
  for (const tab of competitionTabs) {
    app.get(
      `/api/competitions/${tab}`,
      {
        schema: {
          summary: `One page (8 cards) of the competitions page's ${tab} tab`,
          querystring: CompetitionPageQuery,
          response: { 200: CompetitionPage },
        },
      },
      async (request, reply) => {
        const page = await app.publicReads.competitionPage(tab, request.query.page, venueToday());
        return sendCached(request, reply, page);
      },
    );
  }

  app.get(
    '/api/competitions/:competitionUic',
    { schema: { params: UicParams, response: { 200: Competition } } },
    async (request, reply) => {
      const uic = parsePositiveInt(request.params.competitionUic);
      if (uic === undefined) throw new NotFound('Competition not found');
      const competition = await app.publicReads.competition(uic);
      return sendCached(request, reply, competition, 'Competition not found');
    },
  );
};

/** Ids in paths are user input: anything that is not a plain positive integer is unknown. */
export function parsePositiveInt(text: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : undefined;
}
