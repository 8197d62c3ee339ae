import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { Invalid, PayloadTooLarge } from '../errors.ts';
import { sniffType, type SniffedType } from './sniff.ts';

export interface Upload {
  fileName: string;
  contentType: SniffedType;
  data: Buffer;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The one file of a multipart request (field `file`), read up to `maxBytes`, whatever it is. */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; data: Buffer }> {
  if (!request.isMultipart()) throw new Invalid('Send the file as multipart/form-data.');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw new Invalid('No file was sent.');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new Invalid('Send the file in the field "file".');
  }
  const tooLarge = () =>
    new PayloadTooLarge(`The file is too large (at most ${megabytes(maxBytes)}).`);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  // The limit's error can miss a busy server's stream (seen under CI load: a 6 MB image was
  // stored cut at 5 MB); a stream cut at the limit is refused whatever was thrown.
  if (part.file.truncated) throw tooLarge();
  if (data.byteLength === 0) throw new Invalid('The file is empty.');
  const fileName = (part.filename || 'file').replace(/[\\/\r\n]/g, '_').slice(0, 200);
  return { fileName, data };
}

/**
 * The one file of a multipart request, accepted only when its bytes are one of `accepted`,
 * whatever type the browser declared.
 */
export async function readUpload(
  request: FastifyRequest,
  options: { maxBytes: number; accepted: readonly SniffedType[]; wrongType: string },
): Promise<Upload> {
  const { fileName, data } = await readUploadedFile(request, options.maxBytes);
  const contentType = sniffType(data);
  if (!contentType || !options.accepted.includes(contentType)) throw new Invalid(options.wrongType);
  return { fileName, contentType, data };
}
