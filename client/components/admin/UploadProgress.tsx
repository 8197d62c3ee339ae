import { useEffect, useState } from 'react';
import { progressText, type UploadJob } from './uploadProgress.ts';
import { MESSAGE_MS } from './useFlash.ts';

/**
 * Where an upload stands: uploading, queued, parsing, then the server's success text or its
 * failure reason. The region is always in the page so screen readers announce each change.
 * A success vanishes after 3 s (spec section 9), as the file row then shows the new file; a
 * failure names the row and column to fix, so it stays until dismissed or replaced.
 */
export function UploadProgress({
  job,
  onDismiss,
}: {
  job: UploadJob | null;
  onDismiss: () => void;
}) {
  const [expired, setExpired] = useState<UploadJob | null>(null);
  const published = job?.status === 'published' ? job : null;
  useEffect(() => {
    if (!published) return;
    const timer = setTimeout(() => setExpired(published), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [published]);

  const shown = job !== null && job !== expired;
  return (
    <div className="upload-progress" aria-live="polite">
      {shown && job.status === 'failed' && (
        <div className="form-alert upload-failed" role="alert">
          <span>{progressText(job)}</span>
          <button type="button" className="link-button" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      )}
      {shown && job.status === 'published' && <p className="form-success">{progressText(job)}</p>}
      {shown && job.status !== 'failed' && job.status !== 'published' && (
        <p className="upload-running">
          <span className="spinner" aria-hidden="true" />
          {progressText(job)}
        </p>
      )}
    </div>
  );
}
