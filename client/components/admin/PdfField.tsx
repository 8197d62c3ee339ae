import { useId, type ChangeEvent } from 'react';
import { featureBlockedMessage } from '../../../shared/planGating.ts';
import { isPdf, PDF_ONLY_MESSAGE } from './fileRules.ts';
import { useFlash } from './useFlash.ts';

/**
 * The event's photo-finish PDF (plan feature head_on_camera_image). The chosen file is
 * uploaded, or the current one deleted, only when the event is saved.
 */
export function PdfField({
  enabled,
  currentUrl,
  choice,
  onChoose,
  removed,
  onRemovedChange,
}: {
  enabled: boolean;
  currentUrl: string | null;
  choice: File | null;
  onChoose: (file: File | null) => void;
  removed: boolean;
  onRemovedChange: (removed: boolean) => void;
}) {
  const id = useId();
  const [message, flash] = useFlash();

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isPdf(file)) {
      flash(PDF_ONLY_MESSAGE);
      return;
    }
    onChoose(file);
    onRemovedChange(false);
  };

  return (
    <fieldset className="admin-fieldset">
      <legend>Photo Finish PDF</legend>
      {!enabled && (
        <p className="blocked-feature">{featureBlockedMessage('head_on_camera_image')}</p>
      )}
      {currentUrl && !choice && (
        <div className="file-row">
          <span className="file-name">
            Current file:{' '}
            <a href={currentUrl} target="_blank" rel="noopener noreferrer">
              View PDF<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </span>
          {removed ? (
            <>
              <span className="file-note" role="status">
                Marked for deletion: it is removed when you save.
              </span>
              <button type="button" className="link-button" onClick={() => onRemovedChange(false)}>
                Undo
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => onRemovedChange(true)}
            >
              Delete PDF
            </button>
          )}
        </div>
      )}
      {enabled && (
        <div className="file-row">
          <input
            id={id}
            className="visually-hidden file-input"
            type="file"
            accept="application/pdf,.pdf"
            onChange={pick}
          />
          <label htmlFor={id} className="btn btn-secondary file-button">
            {currentUrl || choice ? 'Upload a new PDF' : 'Choose PDF'}
          </label>
          {choice && (
            <>
              <span className="field-hint">{choice.name} is uploaded when you save.</span>
              <button type="button" className="link-button" onClick={() => onChoose(null)}>
                Clear
              </button>
            </>
          )}
        </div>
      )}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
