import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompetitionUicParams, AdminCompetition } from '../../shared/schemas/admin.ts';
import { EventIdParams } from '../../shared/schemas/event.ts';
import {
  ExportQuery,
  ImportAnswer,
  ImportQuery,
  ResultsFinalInput,
} from '../../shared/schemas/exchange.ts';
import type { Db } from '../db/connect.ts';
import { adminOf, type AdminDeps } from '../admin/context.ts';
import { readUploadedFile } from '../files/upload.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { NotFound } from '../errors.ts';
import { sendCached } from '../publicCache/http.ts';
import type { Cached } from '../publicCache/cache.ts';
import { setResultsFinal } from '../competitions/admin.ts';
import { competitionOfEvent } from '../events/exchange.ts';
import type { ParseSandbox } from '../../worker/parseSandbox.ts';
import { importMeet } from './import.ts';
import type { ResultsPdf } from './pdfDocument.ts';
import {
  competitionResultsPdf,
  eventResultsPdf,
  exportCompetition,
  adminReadable,
  EXTENSIONS,
  type ExchangeFile,
} from './service.ts';

/** An entries or results file from meet software: the largest real ones are a few MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The club admin's imports, and the mark that the results went to the federation. */
export const adminExchangeRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  // The file is read where a file built to hang or to balloon harms nothing but itself.
  const { sandbox } = deps;

  app.post(
    '/api/admin/competitions/:uic/import',
    {
      schema: {
        summary:
          "Imports a Hy-Tek semicolon file, an OpenTrack competition JSON or Rith's CSV (multipart `file`); `?dryRun=1` previews it",
        params: CompetitionUicParams,
        querystring: ImportQuery,
        response: { 200: ImportAnswer },
      },
    },
    async (request) => {
      const read = async () => {
        const { fileName, data } = await readUploadedFile(request, IMPORT_MAX_BYTES);
        return { fileName, output: await sandbox.parseExchange({ name: fileName, bytes: data }) };
      };
      return importMeet(deps, adminOf(request), request.params.uic, read, request.query.dryRun);
    },
  );

  app.put(
    '/api/admin/competitions/:uic/results-final',
    {
      schema: {
        summary: "Marks the competition's results final for the federation, or takes it back",
        params: CompetitionUicParams,
        body: ResultsFinalInput,
        response: { 200: AdminCompetition },
      },
    },
    (request) => setResultsFinal(deps, adminOf(request), request.params.uic, request.body.final),
  );
};

const UicParams = z.object({ competitionUic: z.coerce.number().int().positive() });

/** A file, saved under its name; never cached by a browser or a CDN (an admin's view). */
function sendFile(reply: FastifyReply, file: ExchangeFile, disposition: 'inline' | 'attachment') {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .type(file.type)
    .send(file.bytes);
}

/** A public file from the node's cache, saved under its name. */
function sendCachedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached<string | null>,
  as: { type: string; disposition: 'inline' | 'attachment'; compress: boolean },
  missing: string,
) {
  if (cached.facts !== null) {
    reply.header('content-disposition', `${as.disposition}; filename="${cached.facts}"`);
  }
  return sendCached(request, reply, cached, missing, as);
}

const PDF = { type: 'application/pdf', disposition: 'inline', compress: false } as const;

/**
 * The public exports and results PDFs, from the node's cache. A club admin of the competition
 * (signed in) gets the same with its hidden events, made for them and never cached.
 */
export const exchangeRoutes: FastifyPluginAsyncZod<{ db: Db; sandbox: ParseSandbox }> = async (
  app,
  { db, sandbox },
) => {
  const render = (pdf: ResultsPdf) => sandbox.renderPdf(pdf);
  const adminView = (request: FastifyRequest, uicOf: () => Promise<number | undefined>) =>
    adminReadable(db, request.cookies[SESSION_COOKIE], uicOf);

  app.get(
    '/api/competitions/:competitionUic/export',
    {
      schema: {
        summary: 'The public results as OpenTrack JSON, Hy-Tek semicolon results or CSV (`format`)',
        params: UicParams,
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const uic = request.params.competitionUic;
      const { format } = request.query;
      const admin = await adminView(request, async () => uic);
      if (admin) return sendFile(reply, await exportCompetition(db, admin, format), 'attachment');
      const cached = await app.publicReads.exportOf(uic, format);
      const as = {
        type: EXTENSIONS[format].type,
        disposition: 'attachment',
        compress: true,
      } as const;
      return sendCachedFile(request, reply, cached, as, 'Competition not found');
    },
  );

  app.get(
    '/api/competitions/:competitionUic/results.pdf',
    { schema: { summary: "The competition's official results, as a PDF", params: UicParams } },
    async (request, reply) => {
      const uic = request.params.competitionUic;
      const admin = await adminView(request, async () => uic);
      if (admin) return sendFile(reply, await competitionResultsPdf(db, admin, render), 'inline');
      const cached = await app.publicReads.competitionPdf(uic);
      return sendCachedFile(request, reply, cached, PDF, 'Competition not found');
    },
  );

  app.get(
    '/api/events/:eventId/results.pdf',
    { schema: { summary: "The event's official results, as a PDF", params: EventIdParams } },
    async (request, reply) => {
      const { eventId } = request.params;
      const admin = await adminView(request, () => competitionOfEvent(db, eventId));
      if (admin) {
        const file = await eventResultsPdf(db, admin, eventId, render);
        if (!file) throw new NotFound('Event not found');
        return sendFile(reply, file, 'inline');
      }
      const cached = await app.publicReads.eventPdf(eventId);
      return sendCachedFile(request, reply, cached, PDF, 'Event not found');
    },
  );
};
