import type { FileType } from '../../../shared/domain.ts';
import { uploadAccept, uploadRefusal } from '../../../shared/uploadRules.ts';
import { eventFileNote, resultsTemplate, templates } from './fileRules.ts';
import { UploadDropZone } from './UploadDropZone.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { isBusy } from './uploadProgress.ts';
import type { EventFileUpload } from './useEventFileUpload.ts';
import { useFlash } from './useFlash.ts';

/**
 * The Results or Start List upload of the event dialog. A saved event's file is sent as soon
 * as it is chosen; a new event's is held and sent by the save that creates the event.
 */
export function EventUploadArea({
  upload,
  type,
  eventType,
  eventSaved,
  onChosen,
}: {
  upload: EventFileUpload;
  /** The type chosen in the form, which the file must fit. */
  type: FileType;
  eventType: string | null | undefined;
  eventSaved: boolean;
  /** A fitting file was chosen: it replaces a file marked for deletion. */
  onChosen: () => void;
}) {
  const [message, flash] = useFlash();
  const results = upload.kind === 'results';
  const what = results ? 'results file' : 'start list';
  const busy = isBusy(upload.job);

  const choose = ([file]: File[]) => {
    if (!file || type === 'NONE') return;
    const error = uploadRefusal(upload.kind, type, file.name);
    if (error) {
      flash(error);
      return;
    }
    onChosen();
    if (eventSaved) {
      upload.setPending(null);
      void upload.send(file, type);
    } else {
      upload.setPending(file);
    }
  };

  const template = results ? resultsTemplate(eventType) : templates.startList;
  return (
    <div className="upload-area">
      <UploadDropZone
        buttonLabel={`Choose ${what}`}
        accept={type === 'NONE' ? '' : uploadAccept(upload.kind, type)}
        disabled={type === 'NONE' || busy}
        note={busy ? 'Wait for this upload to finish.' : eventFileNote(upload.kind, type)}
        onFiles={choose}
      >
        {type !== 'LYNX_MEET_MANAGMENT' && (
          <a className="template-link" href={template.href} download>
            Download the {template.label.toLowerCase()} (.xlsx)
          </a>
        )}
      </UploadDropZone>
      {upload.pending && (
        <p className="file-row">
          <span className="field-hint">
            <strong>{upload.pending.name}</strong> is uploaded when you save.
          </span>
          <button type="button" className="link-button" onClick={() => upload.setPending(null)}>
            Clear
          </button>
        </p>
      )}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      <UploadProgress job={upload.job} onDismiss={upload.clear} />
    </div>
  );
}
