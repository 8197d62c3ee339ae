import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TeamScores, TeamScoringSettings } from '../../shared/schemas/teamScores.ts';
import { CompetitionUicParams } from '../../shared/schemas/admin.ts';
import { adminOf, type AdminDeps } from '../admin/context.ts';
import { NotFound } from '../errors.ts';
import { sendCached } from '../publicCache/http.ts';
import { parsePositiveInt } from '../competitions/routes.ts';
import { setTeamScoring, teamScoringSettings } from './service.ts';

const UicParams = z.object({ competitionUic: z.string() });

/** The admin's team-scores settings. */
export const adminTeamRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.put(
    '/api/admin/competitions/:uic/team-scoring',
    {
      schema: {
        params: CompetitionUicParams,
        body: TeamScoringSettings,
        response: { 200: TeamScoringSettings },
      },
    },
    (request) => setTeamScoring(deps, adminOf(request), request.params.uic, request.body),
  );

  app.get(
    '/api/admin/competitions/:uic/team-scoring',
    {
      schema: {
        params: CompetitionUicParams,
        response: { 200: z.object({ settings: TeamScoringSettings.nullable() }) },
      },
    },
    async (request) => ({
      settings: await teamScoringSettings(deps.db, adminOf(request), request.params.uic),
    }),
  );
};

/** The public team tables, from the node's cache. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/competitions/:competitionUic/team-scores',
    {
      schema: {
        summary: "A competition's team tables, live: one per gender when the events say it",
        params: UicParams,
        response: { 200: TeamScores },
      },
    },
    async (request, reply) => {
      const uic = parsePositiveInt(request.params.competitionUic);
      if (uic === undefined) throw new NotFound('Competition not found');
      return sendCached(
        request,
        reply,
        await app.publicReads.teamScores(uic),
        'Competition not found',
      );
    },
  );
};
