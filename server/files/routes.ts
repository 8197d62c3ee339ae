import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/connect.ts';
import { NotFound } from '../errors.ts';
import { isUploadFile } from '../uploads/queries.ts';
import { findFile } from './queries.ts';

const FileParams = z.object({ id: z.uuid() });

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8. */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A file shown on its own never runs anything on the site's origin: no script, no plugin,
 * no frame of it, in a sandbox of its own. Chromium's PDF viewer refuses a sandboxed
 * document, so a PDF (its first bytes checked when it was stored) is not sandboxed.
 */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const PDF_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'";

/**
 * Competition images and photo-finish PDFs: public files. A file never changes under its id.
 * The raw files of uploads (results, start lists, FinishLynx batches) are data a club sent,
 * not pages: they are never served (a crafted XML would otherwise run as a page here).
 */
export const fileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/files/:id', async (request, reply) => {
    const params = FileParams.safeParse(request.params);
    if (!params.success) throw new NotFound('File not found');
    const file = await findFile(db, params.data.id);
    if (!file || (await isUploadFile(db, file.id))) throw new NotFound('File not found');
    const etag = `"${file.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        file.contentType === 'application/pdf' ? PDF_CSP : FILE_CSP,
      )
      .header(
        'content-disposition',
        contentDisposition(
          (request.query as { download?: string }).download === undefined ? 'inline' : 'attachment',
          file.fileName,
        ),
      );
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(file.contentType).send(Buffer.from(file.data));
  });
};
