import { useFormContext, useWatch } from 'react-hook-form';
import { fileTypes, type FileType } from '../../../shared/domain.ts';
import type { AdminEvent, EventFormValues } from '../../../shared/schemas/admin.ts';
import { Field } from '../auth/Field.tsx';
import { hasResultsFile, hasStartListFile } from './eventPayload.ts';
import { EventUploadArea } from './EventUploadArea.tsx';
import { fileTypeLabels } from './labels.ts';
import { isBusy } from './uploadProgress.ts';
import type { EventFileUpload } from './useEventFileUpload.ts';

/**
 * The results and start-list types of an event, its current files and their upload areas
 * (spec section 4, "Event type locking"): while a saved event has a file, only that file's
 * type can be chosen, until the file is deleted and the event saved; nor can a type change
 * while its file is being processed (options are disabled rather than the select: a disabled
 * control's value would be left out of the save). Deleting only marks the file; the save carries
 * it out.
 */
export function EventFilesFields({
  event,
  saved,
  results,
  startList,
  resultsDeleted,
  onResultsDeletedChange,
  startListDeleted,
  onStartListDeletedChange,
}: {
  /** The saved event as last fetched; null until a new event is saved. */
  event: AdminEvent | null;
  /** The event exists on the server: a chosen file is sent at once. */
  saved: boolean;
  results: EventFileUpload;
  startList: EventFileUpload;
  resultsDeleted: boolean;
  onResultsDeletedChange: (deleted: boolean) => void;
  startListDeleted: boolean;
  onStartListDeletedChange: (deleted: boolean) => void;
}) {
  const { register, control } = useFormContext<EventFormValues>();
  const [resultsType, startListType, eventType] = useWatch({
    control,
    name: ['resultsFileType', 'startListType', 'eventType'],
  });
  const resultsLocked = hasResultsFile(event);
  const startListLocked = hasStartListFile(event);
  const lockNote = 'Delete the file and save to choose another type.';

  return (
    <fieldset className="admin-fieldset">
      <legend>Results and start list</legend>
      <div className="form-grid">
        <div className="upload-column">
          <Field label="Results file type" hint={resultsLocked ? lockNote : undefined}>
            {(field) => (
              <select
                {...field}
                // A held file was checked against the old type.
                {...register('resultsFileType', { onChange: () => results.setPending(null) })}
                className="field-input"
              >
                {fileTypes.map((type) => (
                  <option
                    key={type}
                    value={type}
                    disabled={
                      (resultsLocked && type !== event?.resultsFileType) ||
                      (isBusy(results.job) && type !== resultsType)
                    }
                  >
                    {fileTypeLabels[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>
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
          <EventUploadArea
            upload={results}
            type={resultsType ?? 'NONE'}
            eventType={eventType}
            eventSaved={saved}
            onChosen={() => onResultsDeletedChange(false)}
          />
        </div>
        <div className="upload-column">
          <Field label="Start list type" hint={startListLocked ? lockNote : undefined}>
            {(field) => (
              <select
                {...field}
                {...register('startListType', { onChange: () => startList.setPending(null) })}
                className="field-input"
              >
                {fileTypes.map((type) => (
                  <option
                    key={type}
                    value={type}
                    disabled={
                      (startListLocked && type !== event?.startListType) ||
                      (isBusy(startList.job) && type !== startListType)
                    }
                  >
                    {fileTypeLabels[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>
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
          <EventUploadArea
            upload={startList}
            type={startListType ?? 'NONE'}
            eventType={eventType}
            eventSaved={saved}
            onChosen={() => onStartListDeletedChange(false)}
          />
        </div>
      </div>
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
