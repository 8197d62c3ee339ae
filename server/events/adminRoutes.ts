import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminEvent,
  AdminEventList,
  CompetitionUicParams,
  EventInput,
  EventParams,
  PdfUploadResponse,
} from '../../shared/schemas/admin.ts';
import { OkResponse } from '../../shared/schemas/auth.ts';
import { adminOf, type AdminDeps } from '../admin/context.ts';
import { ownedCompetition } from '../auth/scope.ts';
import { readUpload } from '../files/upload.ts';
import { PDF_MAX_BYTES } from '../files/sniff.ts';
import { listAdminEvents } from './adminQueries.ts';
import { editLineUp, setProgression } from './rounds/service.ts';
import { LineUpEdit, ProgressionRule } from '../../shared/schemas/event.ts';
import {
  createAdminEvent,
  deleteAdminEvent,
  removeEventPdf,
  setEventPdf,
  updateAdminEvent,
} from './admin.ts';

export const PDF_TYPE_MESSAGE = 'Only PDF files are supported.';

export const adminEventRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.get(
    '/api/admin/competitions/:uic/events',
    { schema: { params: CompetitionUicParams, response: { 200: AdminEventList } } },
    async (request) => {
      const user = adminOf(request);
      await ownedCompetition(deps.db, user, request.params.uic);
      return listAdminEvents(deps.db, user.clubUics, request.params.uic);
    },
  );

  app.post(
    '/api/admin/competitions/:uic/events',
    {
      schema: { params: CompetitionUicParams, body: EventInput, response: { 200: AdminEvent } },
    },
    (request) => createAdminEvent(deps, adminOf(request), request.params.uic, request.body),
  );

  app.put(
    '/api/admin/events/:id',
    { schema: { params: EventParams, body: EventInput, response: { 200: AdminEvent } } },
    (request) => updateAdminEvent(deps, adminOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/admin/events/:id/progression',
    { schema: { params: EventParams, body: ProgressionRule, response: { 200: AdminEvent } } },
    (request) => setProgression(deps, adminOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/admin/events/:id/line-up',
    { schema: { params: EventParams, body: LineUpEdit, response: { 200: AdminEvent } } },
    (request) => editLineUp(deps, adminOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/events/:id',
    { schema: { params: EventParams, response: { 200: OkResponse } } },
    async (request) => {
      await deleteAdminEvent(deps, adminOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/events/:id/upload-pdf',
    { schema: { params: EventParams, response: { 200: PdfUploadResponse } } },
    async (request) => {
      const event = await setEventPdf(deps, adminOf(request), request.params.id, () =>
        readUpload(request, {
          maxBytes: PDF_MAX_BYTES,
          accepted: ['application/pdf'],
          wrongType: PDF_TYPE_MESSAGE,
        }),
      );
      return { pdfUrl: event.pdfLink ?? '', event };
    },
  );

  app.delete(
    '/api/admin/events/:id/delete-pdf',
    { schema: { params: EventParams, response: { 200: AdminEvent } } },
    (request) => removeEventPdf(deps, adminOf(request), request.params.id),
  );
};
