import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/connect.ts';
import { NotFound } from '../errors.ts';
import { findFile } from './queries.ts';

const FileParams = z.object({ id: z.uuid() });

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8. */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Uploaded images and photo-finish PDFs. A file never changes under its id. */
export const fileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/files/:id', async (request, reply) => {
    const params = FileParams.safeParse(request.params);
    if (!params.success) throw new NotFound('File not found');
    const file = await findFile(db, params.data.id);
    if (!file) throw new NotFound('File not found');
    const etag = `"${file.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
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
