import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Competition, CompetitionList } from '../../shared/schemas/competition.ts';
import type { Db } from '../db/connect.ts';
import { NotFound } from '../errors.ts';
import { findPublicCompetition, listPublicCompetitions } from './queries.ts';

const UicParams = z.object({ competitionUic: z.string() });

export const competitionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/competitions', { schema: { response: { 200: CompetitionList } } }, () =>
    listPublicCompetitions(db),
  );

  app.get(
    '/api/competitions/:competitionUic',
    { schema: { params: UicParams, response: { 200: Competition } } },
    async (request) => {
      const uic = parsePositiveInt(request.params.competitionUic);
      const competition = uic === undefined ? undefined : await findPublicCompetition(db, uic);
      if (!competition) throw new NotFound('Competition not found');
      return competition;
    },
  );
};

/** Ids in paths are user input: anything that is not a plain positive integer is unknown. */
export function parsePositiveInt(text: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : undefined;
}
