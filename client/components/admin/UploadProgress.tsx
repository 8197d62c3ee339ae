import { useEffect, useState } from 'react';
import { isSettled, progressText, type UploadJob } from './uploadProgress.ts';
import { MESSAGE_MS } from './useFlash.ts';
import { UploadReport } from './UploadReport.tsx';
import { ConnectionStatus } from '../live/ConnectionStatus.tsx';

/** Whether the report says more than the one-line outcome: a refusal, a warning, a batch. */
function reportWorthShowing(job: UploadJob, detailed: boolean): boolean {
  if (job.files.length === 0) return false;
  if (detailed) return true;
  return job.files.some(
    (file) => (file.outcome === 'refused' && !file.superseded) || file.warnings.length > 0,
  );
}

/**
 * Where an upload stands: uploading, queued, parsing, then the server's success text or its
 * failure reason. The region is always in the page so screen readers announce each change.
 * A success vanishes after 3 s, as the file row then shows the new file; a
 * failure names the row and column to fix, so it stays until dismissed or replaced. So does
 * an upload superseded (newer files of its events were published first), in plain grey words:
 * nothing failed. So does the per-file report (always for a batch, else when a file was
 * refused or warned about).
 */
export function UploadProgress({
  job,
  onDismiss,
  detailed = false,
}: {
  job: UploadJob | null;
  onDismiss: () => void;
  /** List every file's outcome, not only refusals and warnings (the FinishLynx batch). */
  detailed?: boolean;
}) {
  const [expired, setExpired] = useState<UploadJob | null>(null);
  const published = job?.status === 'published' ? job : null;
  useEffect(() => {
    if (!published) return;
    const timer = setTimeout(() => setExpired(published), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [published]);

  const shown = job !== null && job !== expired;
  const report = job !== null && isSettled(job) && reportWorthShowing(job, detailed);
  // Only the one-line outcome is announced; the report (a meet may list hundreds of lines) is
  // read on request, outside the live region.
  return (
    <>
      <div className="upload-progress" aria-live="polite">
        {shown && job.status === 'failed' && (
          <div className="form-alert upload-failed" role="alert">
            <span>{progressText(job)}</span>
            {!report && (
              <button type="button" className="link-button" onClick={onDismiss}>
                Dismiss
              </button>
            )}
          </div>
        )}
        {shown && job.status === 'superseded' && (
          // Nothing went wrong and nothing is to be fixed: told, not alarmed.
          <div className="upload-superseded">
            <p>
              <strong>Superseded.</strong> {progressText(job)}
            </p>
            {!report && (
              <button type="button" className="link-button" onClick={onDismiss}>
                Dismiss
              </button>
            )}
          </div>
        )}
        {shown && job.status === 'published' && <p className="form-success">{progressText(job)}</p>}
        {shown && !isSettled(job) && (
          <p className="upload-running">
            <span className="spinner" aria-hidden="true" />
            {progressText(job)}
          </p>
        )}
      </div>
      {/* The outcome arrives pushed while updates are on, more slowly while they are not. */}
      {shown && !isSettled(job) && <ConnectionStatus />}
      {report && (
        <>
          <UploadReport files={job.files} />
          <button type="button" className="link-button" onClick={onDismiss}>
            Dismiss
          </button>
        </>
      )}
    </>
  );
}
