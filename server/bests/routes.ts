import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AthleteProfile, RecordList, RecordsInput } from '../../shared/schemas/athleteProfile.ts';
import { CompetitionUicParams } from '../../shared/schemas/admin.ts';
import { adminOf, type AdminDeps } from '../admin/context.ts';
import { sendCached } from '../publicCache/http.ts';
import { recordsList, setRecords } from './records.ts';

/** The club admin's records lists. */
export const adminRecordsRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.put(
    '/api/admin/competitions/:uic/records',
    {
      schema: {
        params: CompetitionUicParams,
        body: RecordsInput,
        response: { 200: RecordList },
      },
    },
    (request) => setRecords(deps.db, adminOf(request), request.params.uic, request.body.records),
  );
  app.get(
    '/api/admin/competitions/:uic/records',
    { schema: { params: CompetitionUicParams, response: { 200: RecordList } } },
    (request) => recordsList(deps.db, adminOf(request), request.params.uic),
  );
};

/** The athlete's public page, from the node's cache. */
export const athletePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/athletes/:id',
    {
      schema: {
        summary: "An athlete's bests (PB, SB) and every result on Rith, newest first",
        params: z.object({ id: z.string() }),
        response: { 200: AthleteProfile },
      },
    },
    async (request, reply) => {
      const profile = await app.publicReads.athlete(request.params.id);
      return sendCached(request, reply, profile, 'Athlete not found');
    },
  );
};
