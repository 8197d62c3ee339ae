import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  UploadAccepted,
  UploadFileReport,
  UploadStatus,
} from '../../../shared/schemas/upload.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { useLiveMessage, useLiveStatus } from '../../lib/useLive.ts';
import { advance, isSettled, UPLOAD_FAILED, type UploadJob } from './uploadProgress.ts';

/** Without a live socket the job is polled this often (the brief's fallback). */
const POLL_MS = 1000;
/**
 * Even with a live socket the job is looked up now and then: a message pushed between
 * the 202 and the moment the id is known, or while the admin room was being joined, would
 * otherwise be missed for good.
 */
const SAFETY_POLL_MS = 5000;

/**
 * One upload and its progress: `start` sends the file(s), then the job follows the
 * `upload.status` messages of the admin's club room, or polls GET /api/admin/uploads/{id}
 * while the socket is down. A published job is shown as such only once the admin data has
 * been refetched and `onPublished` has run: the success text and the new rows appear
 * together, and nothing can be saved over the upload's changes in between.
 */
export function useUploadJob(onPublished?: () => void) {
  const queryClient = useQueryClient();
  const liveStatus = useLiveStatus();
  const [job, setJob] = useState<UploadJob | null>(null);
  const published = useRef(onPublished);
  useEffect(() => {
    published.current = onPublished;
  });
  // The upload followed now, and the one whose publication is being applied (the socket
  // and a poll may both report it).
  const following = useRef<string | null>(null);
  const sends = useRef(0);
  const finishing = useRef<string | null>(null);

  const report = useCallback(
    (
      uploadId: string,
      status: UploadStatus,
      message: string | null,
      files: readonly UploadFileReport[],
    ) => {
      if (uploadId !== following.current) return;
      const apply = () =>
        setJob((current) =>
          current?.uploadId === uploadId ? advance(current, status, message, files) : current,
        );
      if (status !== 'published') {
        apply();
        return;
      }
      if (finishing.current === uploadId) return;
      finishing.current = uploadId;
      void queryClient
        .invalidateQueries({ queryKey: adminKeys.all })
        .then(() => published.current?.())
        .finally(apply);
    },
    [queryClient],
  );

  useLiveMessage('upload.status', (payload) =>
    report(payload.uploadId, payload.status, payload.message, payload.files),
  );

  const uploadId = job?.uploadId ?? null;
  const settled = isSettled(job);
  useEffect(() => {
    if (uploadId === null || settled) return;
    const poll = () =>
      adminApi.upload(uploadId).then(
        (view) => report(view.id, view.status, view.message, view.files),
        // A failed look-up is retried by the next tick; the socket may still report.
        () => undefined,
      );
    // Right away too: the job may have moved on before its id was known here.
    void poll();
    const timer = setInterval(() => void poll(), liveStatus === 'live' ? SAFETY_POLL_MS : POLL_MS);
    return () => clearInterval(timer);
  }, [uploadId, settled, liveStatus, report]);

  /** Sends the file(s); resolves false (the job shows why) when the server refused them. */
  const start = useCallback(
    async (fileNames: readonly string[], send: () => Promise<UploadAccepted>) => {
      // Only the newest send may set the job: an older one answering late is ignored.
      const generation = ++sends.current;
      following.current = null;
      setJob({ status: 'sending', uploadId: null, message: null, fileNames, files: [] });
      try {
        const accepted = await send();
        if (generation !== sends.current) return true;
        following.current = accepted.uploadId;
        setJob({
          status: accepted.status,
          uploadId: accepted.uploadId,
          message: null,
          fileNames,
          files: accepted.files,
        });
        return true;
      } catch (error) {
        if (generation !== sends.current) return false;
        setJob({
          status: 'failed',
          uploadId: null,
          message: errorText(error, UPLOAD_FAILED),
          fileNames,
          files: [],
        });
        return false;
      }
    },
    [],
  );

  const clear = useCallback(() => {
    sends.current += 1;
    following.current = null;
    setJob(null);
  }, []);
  return { job, start, clear };
}
