import { useState } from 'react';
import type { FileType } from '../../../shared/domain.ts';
import { featureBlockedMessage } from '../../../shared/planGating.ts';
import { uploadAccept, uploadRefusal } from '../../../shared/uploadRules.ts';
import { templates } from './fileRules.ts';
import { fileTypeLabels } from './labels.ts';
import { UploadDropZone } from './UploadDropZone.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { isBusy, type UploadJob } from './uploadProgress.ts';
import { useFlash } from './useFlash.ts';

export interface TimetableChoice {
  file: File;
  type: Exclude<FileType, 'NONE'>;
}

const TYPES = ['MANUAL', 'LYNX_MEET_MANAGMENT'] as const;

/**
 * The competition's timetable: pick the type, then the file; the
 * type of an existing file cannot be switched until that file is deleted. Deleting asks
 * first, then only marks the file; the competition's save carries it out, and picking a new
 * file (or closing without saving) undoes it. The chosen file is uploaded by the save, once
 * the competition exists; the server parses it and sets the timetable (`job` shows how).
 */
export function TimetableField({
  enabled,
  savedType,
  savedFileName,
  choice,
  onChoose,
  markedForDeletion,
  onMarkedChange,
  job,
  onDismissJob,
}: {
  /** The plan includes the timetable feature. */
  enabled: boolean;
  savedType: FileType;
  savedFileName: string | null;
  choice: TimetableChoice | null;
  onChoose: (choice: TimetableChoice) => void;
  markedForDeletion: boolean;
  onMarkedChange: (marked: boolean) => void;
  /** The upload of the file chosen before the last save. */
  job: UploadJob | null;
  onDismissJob: () => void;
}) {
  const [picked, setPicked] = useState<FileType>('NONE');
  const [confirming, setConfirming] = useState(false);
  const [message, flash] = useFlash();

  const hasSaved = (savedFileName !== null || savedType !== 'NONE') && !markedForDeletion;
  const lockedType: FileType | null = choice?.type ?? (hasSaved ? savedType : null);
  const activeType = lockedType ?? picked;

  const busy = isBusy(job);

  const pick = ([file]: File[]) => {
    if (!file || activeType === 'NONE') return;
    const error = uploadRefusal('timetable', activeType, file.name);
    if (error) {
      flash(error);
      return;
    }
    onChoose({ file, type: activeType });
    onMarkedChange(false);
    setConfirming(false);
  };

  return (
    <fieldset className="admin-fieldset">
      <legend>Time Table</legend>
      {!enabled && <p className="blocked-feature">{featureBlockedMessage('timetable')}</p>}
      <div className="type-buttons" role="group" aria-label="Timetable type">
        {TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className={activeType === type ? 'type-button is-active' : 'type-button'}
            aria-pressed={activeType === type}
            disabled={!enabled || (lockedType !== null && lockedType !== type)}
            onClick={() => setPicked(type)}
          >
            {fileTypeLabels[type]}
          </button>
        ))}
      </div>

      {savedFileName !== null && !choice && (
        <div className="file-row">
          <span className="file-name">
            Current file: <strong>{savedFileName}</strong>
          </span>
          {markedForDeletion ? (
            <>
              <span className="file-note" role="status">
                Marked for deletion: it is removed when you save.
              </span>
              <button type="button" className="link-button" onClick={() => onMarkedChange(false)}>
                Undo
              </button>
            </>
          ) : confirming ? (
            <span className="confirm" role="group" aria-label="Confirm deletion">
              <span>Delete this timetable?</span>
              <button
                type="button"
                className="btn btn-danger btn-small"
                onClick={() => {
                  onMarkedChange(true);
                  setConfirming(false);
                }}
              >
                Yes, delete
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => setConfirming(false)}
              >
                Cancel
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setConfirming(true)}
            >
              Delete timetable
            </button>
          )}
        </div>
      )}

      {enabled && activeType !== 'NONE' && (
        <UploadDropZone
          buttonLabel={choice || hasSaved ? 'Upload a new timetable' : 'Choose timetable file'}
          accept={uploadAccept('timetable', activeType)}
          disabled={busy}
          note={
            busy
              ? 'Wait for this upload to finish.'
              : choice
                ? `${choice.file.name} is uploaded when you save.`
                : activeType === 'MANUAL'
                  ? 'Manual timetable: .xlsx'
                  : 'Lynx Meet Management: .xlsx or .xml'
          }
          onFiles={pick}
        >
          {activeType === 'MANUAL' && (
            <a className="template-link" href={templates.timetable.href} download>
              Download the {templates.timetable.label.toLowerCase()} (.xlsx)
            </a>
          )}
        </UploadDropZone>
      )}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      <UploadProgress job={job} onDismiss={onDismissJob} />
    </fieldset>
  );
}
