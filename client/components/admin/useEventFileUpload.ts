import { useCallback, useState } from 'react';
import type { UploadFileType } from '../../../shared/schemas/upload.ts';
import { adminApi } from '../../lib/adminApi.ts';
import { useUploadJob } from './useUploadJob.ts';

export type EventFileKind = 'results' | 'start_list';

/**
 * The results file or the start list of the event dialog: a file held for an event that is
 * not saved yet, and the upload of the latest file sent.
 */
export function useEventFileUpload(
  kind: EventFileKind,
  /** The event the file goes to; null until it is saved. */
  eventId: string | null,
  onPublished: () => void,
) {
  const { job, start, clear } = useUploadJob(onPublished);
  const [pending, setPending] = useState<File | null>(null);

  /** Sends `file` to the event, or to `to` when the event was saved a moment ago. */
  const send = useCallback(
    (file: File, type: UploadFileType, to: string | null = eventId) => {
      if (to === null) return Promise.resolve(false);
      return start([file.name], () =>
        kind === 'results'
          ? adminApi.uploadResults(to, type, file)
          : adminApi.uploadStartList(to, type, file),
      );
    },
    [kind, eventId, start],
  );

  return {
    kind,
    job,
    pending,
    setPending,
    send,
    clear,
    /** A file was chosen in this dialog (held or sent). */
    present: pending !== null || job !== null,
  };
}

export type EventFileUpload = ReturnType<typeof useEventFileUpload>;
