import { useFormContext } from 'react-hook-form';
import { fileTypes, type FileType } from '../../../shared/domain.ts';
import type { AdminEvent, EventFormValues } from '../../../shared/schemas/admin.ts';
import { Field } from '../auth/Field.tsx';
import { hasResultsFile, hasStartListFile } from './eventPayload.ts';
import { fileTypeLabels } from './labels.ts';

/**
 * The results and start-list types of an event and its current files (spec section 4,
 * "Event type locking"): while a saved event has a file, only that file's type can be
 * chosen, until the file is deleted and the event saved. Deleting only marks the file; the
 * save carries it out.
 */
export function EventFilesFields({
  event,
  resultsDeleted,
  onResultsDeletedChange,
  startListDeleted,
  onStartListDeletedChange,
}: {
  event: AdminEvent | null;
  resultsDeleted: boolean;
  onResultsDeletedChange: (deleted: boolean) => void;
  startListDeleted: boolean;
  onStartListDeletedChange: (deleted: boolean) => void;
}) {
  const { register } = useFormContext<EventFormValues>();
  const resultsLocked = hasResultsFile(event);
  const startListLocked = hasStartListFile(event);
  const lockNote = 'Delete the file and save to choose another type.';

  return (
    <fieldset className="admin-fieldset">
      <legend>Results and start list</legend>
      <div className="form-grid">
        <Field label="Results file type" hint={resultsLocked ? lockNote : undefined}>
          {(field) => (
            <select {...field} {...register('resultsFileType')} className="field-input">
              {fileTypes.map((type) => (
                <option
                  key={type}
                  value={type}
                  disabled={resultsLocked && type !== event?.resultsFileType}
                >
                  {fileTypeLabels[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Start list type" hint={startListLocked ? lockNote : undefined}>
          {(field) => (
            <select {...field} {...register('startListType')} className="field-input">
              {fileTypes.map((type) => (
                <option
                  key={type}
                  value={type}
                  disabled={startListLocked && type !== event?.startListType}
                >
                  {fileTypeLabels[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {event && resultsLocked && (
        <FileRow
          what="Results"
          name={event.resultsFileName}
          rows={event.results.length}
          type={event.resultsFileType}
          deleted={resultsDeleted}
          onDeletedChange={onResultsDeletedChange}
          deleteNote="Deleting the results sets the status back to upcoming."
        />
      )}
      {event && startListLocked && (
        <FileRow
          what="Start list"
          name={event.startListFileName}
          rows={event.startListFile.length}
          type={event.startListType}
          deleted={startListDeleted}
          onDeletedChange={onStartListDeletedChange}
        />
      )}
    </fieldset>
  );
}

function FileRow({
  what,
  name,
  rows,
  type,
  deleted,
  onDeletedChange,
  deleteNote,
}: {
  what: string;
  name: string | null;
  rows: number;
  type: FileType;
  deleted: boolean;
  onDeletedChange: (deleted: boolean) => void;
  deleteNote?: string;
}) {
  return (
    <div className="file-row">
      <span className="file-name">
        {what} file: <strong>{name ?? fileTypeLabels[type]}</strong> ({rows}{' '}
        {rows === 1 ? 'athlete' : 'athletes'})
      </span>
      {deleted ? (
        <>
          <span className="file-note" role="status">
            Marked for deletion: it is removed when you save.
          </span>
          <button type="button" className="link-button" onClick={() => onDeletedChange(false)}>
            Undo
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => onDeletedChange(true)}
          title={deleteNote}
        >
          Delete {what.toLowerCase()}
        </button>
      )}
    </div>
  );
}
