import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompetitionUicParams, EventParams } from '../../shared/schemas/admin.ts';
import { UploadAccepted, UploadView } from '../../shared/schemas/upload.ts';
import { adminOf } from '../admin/context.ts';
import { ownedCompetition, ownedEvent } from '../auth/scope.ts';
import { Invalid, NotFound } from '../errors.ts';
import { clubPlan, requireFeature } from '../pricing/gating.ts';
import { typeLockRefusal } from '../../shared/uploadRules.ts';
import { acceptUpload, type Intake, type IntakeDeps, type Uploader } from './intake.ts';
import { findUploadView } from './queries.ts';

const UploadParams = z.object({ id: z.uuid() });
const accepted = { 200: UploadAccepted, 202: UploadAccepted };

/** Whose upload it is: the token's (recorded in the name of the admin who made it) or the admin's. */
function uploaderOf(request: FastifyRequest): Uploader {
  if (request.agent) return { userId: request.agent.createdBy, tokenId: request.agent.tokenId };
  return { userId: adminOf(request).id, tokenId: null };
}

/** 202: stored and on its way; 200: every file was one Rith had already. */
const answer = (reply: FastifyReply, intake: Intake) =>
  reply.status(intake.stored ? 202 : 200).send(intake.answer);

/**
 * The upload endpoints: each stores the file and answers 202 at once; the worker parses
 * and publishes, and the outcome reaches the club's admins live (upload.status). Each also
 * takes its competition's timing room token (agentScope), as does reading an upload's outcome.
 */
export const uploadRoutes: FastifyPluginAsyncZod<IntakeDeps> = async (app, deps) => {
  const { db } = deps;

  for (const kind of ['results', 'start_list'] as const) {
    const path = kind === 'results' ? 'upload-results' : 'upload-start-list';
    app.post(
      `/api/admin/events/:id/${path}`,
      { schema: { params: EventParams, response: accepted }, config: { agentScope: 'event' } },
      async (request, reply) => {
        const user = adminOf(request);
        const event = await ownedEvent(db, user, request.params.id);
        const rows = kind === 'results' ? event.results : event.startListFile;
        const currentType = kind === 'results' ? event.resultsFileType : event.startListType;
        const intake = await acceptUpload(
          deps,
          uploaderOf(request),
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
        return answer(reply, intake);
      },
    );
  }

  app.post(
    '/api/admin/competitions/:uic/upload-timetable',
    {
      schema: { params: CompetitionUicParams, response: accepted },
      config: { agentScope: 'competition' },
    },
    async (request, reply) => {
      const user = adminOf(request);
      const competition = await ownedCompetition(db, user, request.params.uic);
      requireFeature(await clubPlan(db, competition.clubUic), 'timetable');
      const intake = await acceptUpload(deps, uploaderOf(request), request, {
        kind: 'timetable',
        clubUic: competition.clubUic,
        competitionUic: competition.uic,
        eventId: null,
        currentType: competition.timeTableType,
      });
      return answer(reply, intake);
    },
  );

  app.post(
    '/api/admin/competitions/:uic/upload-lynx',
    {
      schema: { params: CompetitionUicParams, response: accepted },
      config: { agentScope: 'competition' },
    },
    async (request, reply) => {
      const user = adminOf(request);
      const competition = await ownedCompetition(db, user, request.params.uic);
      const intake = await acceptUpload(deps, uploaderOf(request), request, {
        kind: 'lynx_batch',
        clubUic: competition.clubUic,
        competitionUic: competition.uic,
        eventId: null,
        currentType: 'LYNX_MEET_MANAGMENT',
      });
      return answer(reply, intake);
    },
  );

  app.get(
    '/api/admin/uploads/:id',
    {
      schema: { params: UploadParams, response: { 200: UploadView } },
      config: { agentScope: 'upload' },
    },
    async (request) => {
      const upload = await findUploadView(db, adminOf(request).clubUics, request.params.id);
      if (!upload) throw new NotFound('Upload not found');
      return upload;
    },
  );
};
