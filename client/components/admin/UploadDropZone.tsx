import { useId, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';

/**
 * A drop zone with a file picker button. The picker is a real (visually hidden) file input
 * labelled by the button, so it is reached with Tab, opened with Enter or Space, and named
 * for screen readers; dropping is a shortcut for mouse users. Files are handed over as they
 * are: the caller checks them against its rules.
 */
export function UploadDropZone({
  buttonLabel,
  accept,
  multiple = false,
  disabled = false,
  note,
  onFiles,
  children,
}: {
  /** The button's text, which is also the input's accessible name. */
  buttonLabel: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Which files fit, or why the zone is disabled. */
  note: ReactNode;
  onFiles: (files: File[]) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so that choosing the same file again (after fixing it) still reports it.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  // The default must be prevented even while disabled: a file dropped here would otherwise
  // be opened by the browser in place of the admin page.
  const over = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  const classes = ['drop-zone', dragging && 'is-dragging', disabled && 'is-disabled'];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      onDragOver={over}
      onDragEnter={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <input
        id={id}
        className="visually-hidden file-input"
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={`${id}-note`}
        onChange={pick}
      />
      <label htmlFor={id} className="btn btn-secondary file-button">
        {buttonLabel}
      </label>
      <p id={`${id}-note`} className="drop-zone-note">
        {disabled ? null : (
          <span aria-hidden="true">or drop {multiple ? 'files' : 'a file'} here. </span>
        )}
        {note}
      </p>
      {children}
    </div>
  );
}
