import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompetitionUicParams, EventParams } from '../../shared/schemas/admin.ts';
import { UploadAccepted, UploadView } from '../../shared/schemas/upload.ts';
import { adminOf } from '../admin/plugin.ts';
import { ownedCompetition, ownedEvent } from '../auth/scope.ts';
import { Invalid, NotFound } from '../errors.ts';
import { clubPlan, requireFeature } from '../pricing/gating.ts';
import { typeLockRefusal } from '../../shared/uploadRules.ts';
import { acceptUpload, type IntakeDeps } from './intake.ts';
import { findUploadView } from './queries.ts';

const UploadParams = z.object({ id: z.uuid() });
const accepted = { 202: UploadAccepted };

/**
 * The upload endpoints: each stores the file and answers 202 at once; the worker parses
 * and publishes, and the outcome reaches the club's admins live (upload.status).
 */
export const uploadRoutes: FastifyPluginAsyncZod<IntakeDeps> = async (app, deps) => {
  const { db } = deps;

  for (const kind of ['results', 'start_list'] as const) {
    const path = kind === 'results' ? 'upload-results' : 'upload-start-list';
    app.post(
      `/api/admin/events/:id/${path}`,
      { schema: { params: EventParams, response: accepted } },
      async (request, reply) => {
        const user = adminOf(request);
        const event = await ownedEvent(db, user, request.params.id);
        const rows = kind === 'results' ? event.results : event.startListFile;
        const currentType = kind === 'results' ? event.resultsFileType : event.startListType;
        const answer = await acceptUpload(
          deps,
          user,
          request,
          {
            kind,
            clubUic: event.clubUic,
            competitionUic: event.competitionUic,
            eventId: event.id,
            currentType,
          },
          (type) => {
            const refusal = typeLockRefusal(kind, { rows: rows.length, type: currentType }, type);
            if (refusal) throw new Invalid(refusal);
          },
        );
        return reply.status(202).send(answer);
      },
    );
  }

  app.post(
    '/api/admin/competitions/:uic/upload-timetable',
    { schema: { params: CompetitionUicParams, response: accepted } },
    async (request, reply) => {
      const user = adminOf(request);
      const competition = await ownedCompetition(db, user, request.params.uic);
      requireFeature(await clubPlan(db, competition.clubUic), 'timetable');
      const answer = await acceptUpload(deps, user, request, {
        kind: 'timetable',
        clubUic: competition.clubUic,
        competitionUic: competition.uic,
        eventId: null,
        currentType: competition.timeTableType,
      });
      return reply.status(202).send(answer);
    },
  );

  app.post(
    '/api/admin/competitions/:uic/upload-lynx',
    { schema: { params: CompetitionUicParams, response: accepted } },
    async (request, reply) => {
      const user = adminOf(request);
      const competition = await ownedCompetition(db, user, request.params.uic);
      const answer = await acceptUpload(deps, user, request, {
        kind: 'lynx_batch',
        clubUic: competition.clubUic,
        competitionUic: competition.uic,
        eventId: null,
        currentType: 'LYNX_MEET_MANAGMENT',
      });
      return reply.status(202).send(answer);
    },
  );

  app.get(
    '/api/admin/uploads/:id',
    { schema: { params: UploadParams, response: { 200: UploadView } } },
    async (request) => {
      const upload = await findUploadView(db, adminOf(request).clubUics, request.params.id);
      if (!upload) throw new NotFound('Upload not found');
      return upload;
    },
  );
};
