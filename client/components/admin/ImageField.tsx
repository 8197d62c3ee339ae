import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { IMAGE_ACCEPT, IMAGE_ONLY_MESSAGE, isSupportedImage } from './fileRules.ts';
import { useFlash } from './useFlash.ts';

export interface ImageChoice {
  file: File;
  previewUrl: string;
}

/** The chosen image with its preview URL, released when replaced or when the form closes. */
export function useImageChoice(): [ImageChoice | null, (file: File | null) => void] {
  const [choice, setChoice] = useState<ImageChoice | null>(null);
  const current = useRef<ImageChoice | null>(null);
  useEffect(() => () => revoke(current.current), []);
  const choose = (file: File | null) => {
    revoke(current.current);
    current.current = file ? { file, previewUrl: URL.createObjectURL(file) } : null;
    setChoice(current.current);
  };
  return [choice, choose];
}

function revoke(choice: ImageChoice | null) {
  if (choice) URL.revokeObjectURL(choice.previewUrl);
}

/**
 * The competition image: a preview of the current or the newly chosen image, and removal.
 * Nothing is sent until the competition is saved, so closing without saving changes nothing.
 */
export function ImageField({
  currentUrl,
  choice,
  onChoose,
  removed,
  onRemovedChange,
}: {
  currentUrl: string | null;
  choice: ImageChoice | null;
  onChoose: (file: File | null) => void;
  removed: boolean;
  onRemovedChange: (removed: boolean) => void;
}) {
  const id = useId();
  const [message, flash] = useFlash();
  const previewUrl = choice?.previewUrl ?? (removed ? null : currentUrl);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isSupportedImage(file)) {
      flash(IMAGE_ONLY_MESSAGE);
      return;
    }
    onChoose(file);
    onRemovedChange(false);
  };

  const remove = () => {
    onChoose(null);
    if (currentUrl) onRemovedChange(true);
  };

  return (
    <fieldset className="admin-fieldset">
      <legend>Image</legend>
      <div className="image-field">
        {previewUrl ? (
          <img className="image-preview" src={previewUrl} alt="Competition image preview" />
        ) : (
          <div className="image-preview is-empty">No image</div>
        )}
        <div className="image-actions">
          <input
            id={id}
            className="visually-hidden file-input"
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={pick}
            aria-describedby={`${id}-hint`}
          />
          <label htmlFor={id} className="btn btn-secondary file-button">
            {previewUrl ? 'Replace image' : 'Choose image'}
          </label>
          {previewUrl && (
            <button type="button" className="btn btn-secondary" onClick={remove}>
              Remove image
            </button>
          )}
          {removed && !choice && (
            <button type="button" className="link-button" onClick={() => onRemovedChange(false)}>
              Undo removal
            </button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {choice
          ? `${choice.file.name} is uploaded when you save.`
          : removed
            ? 'The image is removed when you save.'
            : 'JPG, PNG or WebP.'}
      </p>
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
