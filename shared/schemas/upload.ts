import { z } from 'zod';
import { EventType, FileType, Round } from './enums.ts';

export const uploadStatuses = ['queued', 'parsing', 'published', 'failed'] as const;
export const UploadStatus = z.enum(uploadStatuses);
export type UploadStatus = z.infer<typeof UploadStatus>;

export const uploadKinds = ['results', 'start_list', 'timetable', 'lynx_batch'] as const;
export const UploadKind = z.enum(uploadKinds);
export type UploadKind = z.infer<typeof UploadKind>;

/** The multipart `type` field: which kind of file the admin chose. */
export const UploadFileType = FileType.exclude(['NONE']);
export type UploadFileType = z.infer<typeof UploadFileType>;

/** An event a file created or updated, as it stands once the whole upload is applied. */
export const UploadedEvent = z.object({
  eventId: z.uuid(),
  eventName: z.string(),
  eventType: EventType,
  round: Round,
  heat: z.number().int().positive().nullable(),
  heatCount: z.number().int().positive(),
  /** The file made the event (it did not exist before). */
  created: z.boolean(),
  /** What the file wrote to it, and how many rows. */
  wrote: z.enum(['results', 'start_list']),
  rows: z.number().int().nonnegative(),
  /** Spectators see the event (it, its competition and its club are visible). */
  public: z.boolean(),
});
export type UploadedEvent = z.infer<typeof UploadedEvent>;

export const fileContents = ['results', 'start_list', 'schedule', 'people', 'timetable'] as const;

/**
 * What happened to one file of an upload: applied (with the events it wrote and any warnings,
 * such as a damaged character replaced), refused, with the reason, or unchanged (the
 * competition already has this very content: sent again, it changes nothing). Files are
 * applied one by one, so a refused file never stops the others.
 */
export const UploadFileReport = z.object({
  fileName: z.string(),
  outcome: z.enum(['applied', 'refused', 'unchanged']),
  contents: z.enum(fileContents).nullable(),
  events: z.array(UploadedEvent),
  warnings: z.array(z.string()),
  reason: z.string().nullable(),
  /**
   * Refused only because a newer upload of the same event was published first: nothing is
   * wrong with the file. Absent on other files, and on reports kept from before.
   */
  superseded: z.boolean().optional(),
});
export type UploadFileReport = z.infer<typeof UploadFileReport>;

/**
 * 202 of every upload endpoint: the files are stored and queued; the outcome comes live.
 * `files` lists the files of a batch refused on arrival (not FinishLynx files, empty, too
 * large, binary) or unchanged; the others go on. A timing room batch whose every file is
 * unchanged stores nothing: the answer is 200 with the upload that brought them, as it stands.
 */
export const UploadAccepted = z.object({
  uploadId: z.uuid(),
  status: UploadStatus,
  files: z.array(UploadFileReport),
});
export type UploadAccepted = z.infer<typeof UploadAccepted>;

/** GET /api/admin/uploads/{id}. */
export const UploadView = z.object({
  id: z.uuid(),
  kind: UploadKind,
  status: UploadStatus,
  message: z.string().nullable(),
  eventId: z.uuid().nullable(),
  competitionUic: z.number().int().nullable(),
  fileNames: z.array(z.string()),
  files: z.array(UploadFileReport),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UploadView = z.infer<typeof UploadView>;
