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
 * (event type locking): while a saved event has a file, only that file's
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
  return (
    <fieldset className="admin-fieldset">
      <legend>Results and start list</legend>
      <div className="form-grid">
        <FileColumn
          kind="results"
          event={event}
          saved={saved}
          upload={results}
          deleted={resultsDeleted}
          onDeletedChange={onResultsDeletedChange}
        />
        <FileColumn
          kind="start_list"
          event={event}
          saved={saved}
          upload={startList}
          deleted={startListDeleted}
          onDeletedChange={onStartListDeletedChange}
        />
      </div>
    </fieldset>
  );
}

const columns = {
  results: {
    field: 'resultsFileType',
    label: 'Results file type',
    what: 'Results',
    locked: hasResultsFile,
    stored: (e: AdminEvent) => ({
      type: e.resultsFileType,
      name: e.resultsFileName,
      rows: e.results.length,
    }),
    deleteNote: 'Deleting the results sets the status back to upcoming.',
  },
  start_list: {
    field: 'startListType',
    label: 'Start list type',
    what: 'Start list',
    locked: hasStartListFile,
    stored: (e: AdminEvent) => ({
      type: e.startListType,
      name: e.startListFileName,
      rows: e.startListFile.length,
    }),
    deleteNote: undefined,
  },
} as const;

/** One file of the event: its type, the saved file (with delete) and its upload area. */
function FileColumn({
  kind,
  event,
  saved,
  upload,
  deleted,
  onDeletedChange,
}: {
  kind: keyof typeof columns;
  event: AdminEvent | null;
  saved: boolean;
  upload: EventFileUpload;
  deleted: boolean;
  onDeletedChange: (deleted: boolean) => void;
}) {
  const column = columns[kind];
  const { register, control } = useFormContext<EventFormValues>();
  const [type, eventType] = useWatch({ control, name: [column.field, 'eventType'] });
  const locked = column.locked(event);
  const stored = event ? column.stored(event) : null;
  return (
    <div className="upload-column">
      <Field
        label={column.label}
        hint={locked ? 'Delete the file and save to choose another type.' : undefined}
      >
        {(field) => (
          <select
            {...field}
            // A held file was checked against the old type.
            {...register(column.field, { onChange: () => upload.setPending(null) })}
            className="field-input"
          >
            {fileTypes.map((option) => (
              <option
                key={option}
                value={option}
                disabled={
                  (locked && option !== stored?.type) || (isBusy(upload.job) && option !== type)
                }
              >
                {fileTypeLabels[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {stored && locked && (
        <FileRow
          what={column.what}
          name={stored.name}
          rows={stored.rows}
          type={stored.type}
          deleted={deleted}
          onDeletedChange={onDeletedChange}
          deleteNote={column.deleteNote}
        />
      )}
      <EventUploadArea
        upload={upload}
        type={type ?? 'NONE'}
        eventType={eventType}
        eventSaved={saved}
        onChosen={() => onDeletedChange(false)}
      />
    </div>
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
