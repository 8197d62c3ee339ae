import type { UploadFileReport, UploadStatus } from '../../../shared/schemas/upload.ts';
import { isSuperseded, SUPERSEDED_REASON } from '../../../shared/uploadRules.ts';

/**
 * Where an upload started from the admin console stands. 'sending' lasts until the server
 * has the file; then the server's own states follow (queued → parsing → published/failed),
 * a failure only because newer files of its events were published first being shown as
 * 'superseded'.
 */
export interface UploadJob {
  status: 'sending' | UploadStatus | 'superseded';
  /** Known once the server accepted the file (202). */
  uploadId: string | null;
  /** The server's success text or failure reason, once it gave one. */
  message: string | null;
  fileNames: readonly string[];
  /** What happened to each file, as the server reports it (refusals on arrival at once). */
  files: readonly UploadFileReport[];
}

export const UPLOAD_FAILED = 'Upload failed. Please try again.';

const order: Record<UploadJob['status'], number> = {
  sending: 0,
  queued: 1,
  parsing: 2,
  published: 3,
  failed: 3,
  superseded: 3,
};

export const isSettled = (job: UploadJob | null) =>
  job !== null &&
  (job.status === 'published' || job.status === 'failed' || job.status === 'superseded');

export const isBusy = (job: UploadJob | null) => job !== null && !isSettled(job);

/**
 * The job after a report from the socket or a poll. Reports can cross (a poll answered
 * after a newer pushed message), so a job never moves back to an earlier state.
 */
export function advance(
  job: UploadJob,
  status: UploadStatus,
  message: string | null,
  files: readonly UploadFileReport[],
): UploadJob {
  if (order[status] < order[job.status] || isSettled(job)) return job;
  const reports = files.length >= job.files.length ? files : job.files;
  return {
    ...job,
    status: isSuperseded(status, reports) ? 'superseded' : status,
    message: message ?? job.message,
    files: reports,
  };
}

/** The line shown while a job runs, or its outcome. */
export function progressText(job: UploadJob): string {
  const names = job.fileNames.join(', ');
  switch (job.status) {
    case 'sending':
      return `Uploading ${names}…`;
    case 'queued':
      return `${names} uploaded, waiting to be processed…`;
    case 'parsing':
      return `Processing ${names}…`;
    case 'published':
      return job.message ?? `${names} processed.`;
    case 'failed':
      return job.message ?? UPLOAD_FAILED;
    case 'superseded':
      return job.message ?? SUPERSEDED_REASON;
  }
}
