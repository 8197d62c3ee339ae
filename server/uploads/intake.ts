import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { Runtime } from '../runtime.ts';
import type { FileType } from '../../shared/domain.ts';
import type { UploadAccepted, UploadFileReport, UploadKind } from '../../shared/schemas/upload.ts';
import { UploadFileType } from '../../shared/schemas/upload.ts';
import {
  formatOfName,
  LYNX_BATCH_REFUSAL,
  lynxBatchRefusal,
  uploadRefusal,
  type UploadFormat,
  type UploadTarget,
} from '../../shared/uploadRules.ts';
import { Invalid, PayloadTooLarge } from '../errors.ts';
import { insertFile } from '../files/queries.ts';
import { refusedFile, statusMessage } from './queries.ts';
import { knownFiles, recordFiles, unchangedFile, type KnownFile } from './versions.ts';
import { contentHash } from '../../shared/lynxFiles.ts';
import { countFilesReceived } from '../timingRoom/queries.ts';
import { queueUpload } from './sweep.ts';

export type IntakeDeps = Pick<Runtime, 'db' | 'bus' | 'queue'>;

/** Per kind of file: spreadsheets are zips of XML, FinishLynx files are small text. */
const MAX_BYTES: Record<UploadFormat, number> = {
  xlsx: 10 * 1024 * 1024,
  xml: 5 * 1024 * 1024,
  lif: 2 * 1024 * 1024,
  lff: 2 * 1024 * 1024,
  evt: 5 * 1024 * 1024,
  sch: 1024 * 1024,
  ppl: 5 * 1024 * 1024,
};
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const LARGEST = Math.max(...Object.values(MAX_BYTES));
export const MAX_BATCH_FILES = 60;
/**
 * One upload request, all its files together: what deploy/nginx.conf lets through
 * (client_max_body_size), enforced here too for an API reached directly. A meet's whole
 * FinishLynx folder is a few megabytes.
 */
export const MAX_UPLOAD_REQUEST_BYTES = 25 * 1024 * 1024;
const REQUEST_TOO_LARGE = `An upload holds at most ${megabytes(MAX_UPLOAD_REQUEST_BYTES)} in all: send its files in several uploads.`;

const CONTENT_TYPES: Record<UploadFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml',
  lif: 'text/plain',
  lff: 'text/plain',
  evt: 'text/plain',
  sch: 'text/plain',
  ppl: 'text/plain',
};

/** Whether the bytes can be the format the name says; the parser checks the rest. */
function looksLike(format: UploadFormat, bytes: Buffer): boolean {
  if (format === 'xlsx') return bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!utf16 && bytes.includes(0)) return false;
  if (format === 'xml') {
    // In UTF-16 every other byte of the opening '<' is zero, whichever the byte order.
    const text = utf16
      ? Buffer.from(bytes.subarray(2, 514).filter((b) => b !== 0)).toString('latin1')
      : bytes.toString('utf8', 0, 512);
    return text
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('<');
  }
  return true;
}

interface Received {
  name: string;
  format: UploadFormat;
  data: Buffer;
}

/** A file refused on arrival: a single upload answers with it, a batch goes on without it. */
class Refused extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** Reads one file part and checks its size and first bytes; throws Refused with the reason. */
async function readPart(part: MultipartFile, name: string, format: UploadFormat): Promise<Buffer> {
  const tooLarge = () =>
    new Refused(`${name} is too large (at most ${megabytes(MAX_BYTES[format])}).`, true);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (data.byteLength > MAX_BYTES[format]) throw tooLarge();
  if (data.byteLength === 0) throw new Refused(`${name} is empty.`);
  if (!looksLike(format, data)) {
    throw new Refused(
      format === 'xlsx'
        ? `${name} is not a spreadsheet (an .xlsx file is a zip archive).`
        : `${name} is not a text file: it contains binary data.`,
    );
  }
  return data;
}

/**
 * Reads the multipart body: an optional `type` field (sent before the files) and the file
 * parts (`file`, or `files` for a FinishLynx batch). Every file is checked by name, size and
 * first bytes before anything is stored. A single file that fails a check refuses the
 * upload; a batch keeps its other files and lists the refused ones.
 */
async function receive(
  request: FastifyRequest,
  target: UploadTarget | 'lynx_batch',
  defaultType: (format: UploadFormat) => Exclude<FileType, 'NONE'>,
): Promise<{ type: Exclude<FileType, 'NONE'>; files: Received[]; refused: UploadFileReport[] }> {
  if (!request.isMultipart()) throw new Invalid('Send the file as multipart/form-data.');
  if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_REQUEST_BYTES) {
    throw new PayloadTooLarge(REQUEST_TOO_LARGE);
  }
  let received = 0;
  let type: Exclude<FileType, 'NONE'> | undefined;
  const files: Received[] = [];
  const refused: UploadFileReport[] = [];
  const batch = target === 'lynx_batch';
  for await (const part of request.parts({
    limits: {
      fileSize: LARGEST,
      files: batch ? MAX_BATCH_FILES : 1,
      fields: 4,
      parts: (batch ? MAX_BATCH_FILES : 1) + 4,
    },
  })) {
    if (part.type === 'field') {
      if (part.fieldname !== 'type') continue;
      // The files were checked against the type known when they arrived.
      if (files.length > 0) throw new Invalid('Send the type field before the file.');
      const parsed = UploadFileType.safeParse(part.value);
      if (!parsed.success) throw new Invalid('type must be MANUAL or LYNX_MEET_MANAGMENT.');
      type = parsed.data;
      continue;
    }
    const name = (part.filename || 'file').replace(/[\\/\r\n]/g, '_').slice(0, 200);
    if (part.fieldname !== (batch ? 'files' : 'file')) {
      part.file.resume();
      throw new Invalid(`Send the file in the field "${batch ? 'files' : 'file'}".`);
    }
    const format = formatOfName(name);
    try {
      const refusal = batch
        ? lynxBatchRefusal(name)
        : uploadRefusal(target, type ?? defaultType(format ?? 'xlsx'), name);
      if (refusal !== null || format === null) {
        part.file.resume();
        throw new Refused(refusal ?? LYNX_BATCH_REFUSAL);
      }
      const data = await readPart(part, name, format);
      // A body sent without its length (chunked) is counted as it arrives.
      received += data.byteLength;
      if (received > MAX_UPLOAD_REQUEST_BYTES) throw new PayloadTooLarge(REQUEST_TOO_LARGE);
      files.push({ name, format, data });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      if (!batch) throw err.tooLarge ? new PayloadTooLarge(err.message) : new Invalid(err.message);
      refused.push(refusedFile(name, err.message));
    }
  }
  const first = files[0];
  if (!first) {
    if (refused.length > 0) throw new Invalid(refused.map((r) => r.reason).join(' '));
    throw new Invalid('No file was sent.');
  }
  return { type: type ?? defaultType(first.format), files, refused };
}

export interface UploadScope {
  kind: UploadKind;
  clubUic: number;
  competitionUic: number | null;
  eventId: string | null;
  /** The file type the event or competition already has; a new upload keeps it. */
  currentType: FileType;
}

/** Who sent an upload: a signed-in admin, or a competition's timing room token. */
export interface Uploader {
  userId: number | null;
  tokenId: string | null;
}

/** The answer, and whether a new upload was stored (202) or Rith had every file already (200). */
export interface Intake {
  answer: UploadAccepted;
  stored: boolean;
}

/**
 * Stores the raw files and the upload row in one transaction, then (after commit) tells the
 * club's admins and queues the job without waiting on Redis: nothing the user sent is lost
 * once the answer is 202.
 * A FinishLynx batch records the content of each file; the timing room agent's files that
 * the competition already has, exactly, are acknowledged and not stored again, so a file
 * sent twice (a retry after a crash or a lost answer) is applied once.
 */
export async function acceptUpload(
  deps: IntakeDeps,
  uploader: Uploader,
  request: FastifyRequest,
  scope: UploadScope,
  check?: (type: Exclude<FileType, 'NONE'>) => void,
): Promise<Intake> {
  const target = scope.kind === 'lynx_batch' ? 'lynx_batch' : scope.kind;
  const { type, files, refused } = await receive(request, target, (format) =>
    scope.currentType !== 'NONE'
      ? scope.currentType
      : format === 'xlsx'
        ? 'MANUAL'
        : 'LYNX_MEET_MANAGMENT',
  );
  check?.(type);
  const hashed = files.map((file) => ({ ...file, sha256: contentHash(file.data) }));
  const batchOf = scope.kind === 'lynx_batch' ? scope.competitionUic : null;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const known =
      batchOf !== null && uploader.tokenId !== null
        ? await knownFiles(trx, batchOf, hashed)
        : new Map<string, KnownFile>();
    const fresh = hashed.filter((file) => !known.has(file.name));
    const reports = [...refused, ...[...known.keys()].map(unchangedFile)];
    const previous = [...known.values()].at(-1);
    if (fresh.length === 0 && previous !== undefined) {
      return { stored: false as const, previous, reports };
    }
    const fileIds: string[] = [];
    for (const file of fresh) {
      const stored = await insertFile(trx, {
        fileName: file.name,
        contentType: CONTENT_TYPES[file.format],
        data: file.data,
      });
      fileIds.push(stored.id);
    }
    const upload = await trx
      .insertInto('uploads')
      .values({
        clubUic: scope.clubUic,
        competitionUic: scope.competitionUic,
        eventId: scope.eventId,
        kind: scope.kind,
        fileType: type,
        fileIds,
        createdBy: uploader.userId,
        message: null,
        report: JSON.stringify(reports),
      })
      .returning(['id', 'clubUic', 'eventId'])
      .executeTakeFirstOrThrow();
    if (batchOf !== null) await recordFiles(trx, batchOf, upload.id, fresh);
    if (uploader.tokenId !== null) await countFilesReceived(trx, uploader.tokenId, fresh.length);
    return { stored: true as const, upload, reports };
  });
  if (!outcome.stored) {
    const { uploadId, status } = outcome.previous;
    return { answer: { uploadId, status, files: outcome.reports }, stored: false };
  }
  const { upload, reports } = outcome;
  deps.bus.publish(statusMessage(upload, 'queued', null, reports));
  // Stored, so answered now: the job is queued in the background (or by the sweep).
  queueUpload(deps.queue, upload.id, request.log);
  return { answer: { uploadId: upload.id, status: 'queued', files: reports }, stored: true };
}
