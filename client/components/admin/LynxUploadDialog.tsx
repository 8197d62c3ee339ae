import { useState } from 'react';
import type { AdminCompetition } from '../../../shared/schemas/admin.ts';
import { adminApi } from '../../lib/adminApi.ts';
import { AdminDialog } from './AdminDialog.tsx';
import { LYNX_BATCH_ACCEPT, lynxBatchRefusal } from '../../../shared/uploadRules.ts';
import { UploadDropZone } from './UploadDropZone.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { isBusy } from './uploadProgress.ts';
import { useFlash } from './useFlash.ts';
import { useUploadJob } from './useUploadJob.ts';

/**
 * FinishLynx files for a whole competition, sent as one batch: the meet files (lynx.evt,
 * lynx.sch, lynx.ppl) and any result files (.lif, .lff), in any order. Files may be picked
 * in several goes before sending; a file picked again replaces the one of the same name.
 */
export function LynxUploadDialog({
  competition,
  open,
  onClose,
}: {
  competition: AdminCompetition;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title="Upload FinishLynx files"
      description={`For ${competition.competitionName}: lynx.evt, lynx.sch, lynx.ppl and the .lif or .lff result files.`}
    >
      <LynxUploadForm competitionUic={competition.uic} onClose={onClose} />
    </AdminDialog>
  );
}

function LynxUploadForm({
  competitionUic,
  onClose,
}: {
  competitionUic: number;
  onClose: () => void;
}) {
  const [files, setFiles] = useState<readonly File[]>([]);
  const [message, flash] = useFlash();
  const { job, start, clear } = useUploadJob();
  const busy = isBusy(job);

  // Files that are not FinishLynx files are left out (and named); the others are kept.
  const add = (picked: File[]) => {
    const usable = picked.filter((file) => lynxBatchRefusal(file.name) === null);
    const refused = picked.filter((file) => !usable.includes(file));
    const refusal = refused[0] && lynxBatchRefusal(refused[0].name);
    if (refusal) flash(`${refused.map((file) => file.name).join(', ')}: ${refusal}`);
    const names = new Set(usable.map((file) => file.name));
    setFiles((held) => [...held.filter((file) => !names.has(file.name)), ...usable]);
  };

  const send = async () => {
    const batch = files;
    if (
      await start(
        batch.map((file) => file.name),
        () => adminApi.uploadLynx(competitionUic, batch),
      )
    ) {
      setFiles([]);
    }
  };

  return (
    <div className="admin-form">
      <UploadDropZone
        buttonLabel="Choose FinishLynx files"
        accept={LYNX_BATCH_ACCEPT}
        multiple
        disabled={busy}
        note={busy ? 'Wait for this upload to finish.' : 'lynx.evt, lynx.sch, lynx.ppl, .lif, .lff'}
        onFiles={add}
      />
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      {files.length > 0 && (
        <ul className="upload-list" aria-label="Files to upload">
          {files.map((file) => (
            <li key={file.name} className="file-row">
              <span className="file-name">{file.name}</span>
              <button
                type="button"
                className="link-button"
                onClick={() => setFiles((held) => held.filter((f) => f !== file))}
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <UploadProgress job={job} onDismiss={clear} detailed />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="btn"
          disabled={files.length === 0 || busy}
          onClick={() => void send()}
        >
          {files.length > 1 ? `Upload ${files.length} files` : 'Upload'}
        </button>
      </div>
    </div>
  );
}
