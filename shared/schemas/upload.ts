import { z } from 'zod';
import { FileType } from './enums.ts';

export const uploadStatuses = ['queued', 'parsing', 'published', 'failed'] as const;
export const UploadStatus = z.enum(uploadStatuses);
export type UploadStatus = z.infer<typeof UploadStatus>;

export const uploadKinds = ['results', 'start_list', 'timetable', 'lynx_batch'] as const;
export const UploadKind = z.enum(uploadKinds);
export type UploadKind = z.infer<typeof UploadKind>;

/** The multipart `type` field: which kind of file the admin chose (spec section 4). */
export const UploadFileType = FileType.exclude(['NONE']);
export type UploadFileType = z.infer<typeof UploadFileType>;

/** 202 of every upload endpoint: the file is stored and queued; the outcome comes live. */
export const UploadAccepted = z.object({ uploadId: z.uuid(), status: UploadStatus });
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UploadView = z.infer<typeof UploadView>;
