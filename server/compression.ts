import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';

/**
 * Answers made per request (pages' HTML, JSON) compressed when they are worth it. Assets are
 * compressed once at build time and public reads once per version in the cache: those carry
 * their Content-Encoding already and pass through untouched. Brotli at a middling quality:
 * most of its gain for a fraction of its top level's CPU.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}
