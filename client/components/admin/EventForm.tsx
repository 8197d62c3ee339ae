import { STATUS_WITHOUT_RESULTS } from '../../../shared/uploadRules.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  eventStatusLabels,
  eventTypeLabels,
  eventTypes,
  fieldDisciplines,
  roundLabels,
  rounds,
  trackDisciplines,
  type EventStatus,
} from '../../../shared/domain.ts';
import {
  EventInput,
  type AdminCompetition,
  type AdminEvent,
} from '../../../shared/schemas/admin.ts';
import { featureBlockedMessage } from '../../../shared/planGating.ts';
import { formatWind, windLabel } from '../../../shared/athletics/wind.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { Field, TextField, FormAlert } from '../auth/Field.tsx';
import { EventFilesFields } from './EventFilesFields.tsx';
import { eventFormDefaults } from './eventPayload.ts';
import { fieldDisciplineLabels, trackDisciplineLabels, visibilityLabel } from './labels.ts';
import { PdfField } from './PdfField.tsx';
import { SwitchField } from './Switch.tsx';
import { isBusy } from './uploadProgress.ts';
import { useAdminEvents } from './useAdminQueries.ts';
import { useEventFileUpload, type EventFileKind } from './useEventFileUpload.ts';

export const EVENT_SAVE_FAILED = 'Failed to save event.';
export const EVENT_FILE_REFUSED =
  'The event was saved, but a file was not accepted. Choose another file or clear it, then save.';

const selectableRounds = rounds.filter((round) => round !== 'unknown');
// 'imported' is set by imports only and must be edited away, so the form never offers it.
const selectableStatuses: readonly EventStatus[] = [
  'upcoming',
  'unofficial',
  'official',
  'scratched',
];
const orNull = (value: unknown) => (value === '' ? null : value);

/**
 * Add/Edit Event, validated on submit with the server's schema.
 * The photo-finish PDF and file deletions are applied only by the save. A results file or
 * start list is sent as soon as it is chosen for a saved event; a new event's is sent by the
 * save that creates it, and the dialog then stays open to show how its processing goes.
 */
export function EventForm({
  event,
  competitions,
  competitionUic: initialCompetitionUic,
  windEnabled,
  pdfEnabled,
  onSaved,
  onCancel,
}: {
  event: AdminEvent | null;
  /** The competitions a new event may go in (the selected club's). */
  competitions: readonly AdminCompetition[];
  competitionUic: number;
  windEnabled: boolean;
  pdfEnabled: boolean;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(EventInput),
    defaultValues: eventFormDefaults(event),
  });
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const [eventType, windSpeed] = useWatch({ control, name: ['eventType', 'windSpeed'] });

  const [competitionUic, setCompetitionUic] = useState(
    event?.competitionUic ?? initialCompetitionUic,
  );
  // The id (a UUID) a new event is created with; a retry after a partial failure
  // updates the event instead of adding it twice.
  const [newId] = useState(() => crypto.randomUUID());
  const [savedId, setSavedId] = useState(event?.id ?? null);
  // The event as last fetched (refetched when an upload is published): its files, rows and
  // type locks. A new event has none until its first save.
  const events = useAdminEvents(savedId === null ? null : competitionUic);
  const current = events.data?.find((e) => e.id === savedId) ?? event;

  const [pdf, setPdf] = useState<File | null>(null);
  const [pdfRemoved, setPdfRemoved] = useState(false);
  const [resultsDeleted, setResultsDeleted] = useState(false);
  const [startListDeleted, setStartListDeleted] = useState(false);
  const statusBeforeDelete = useRef<unknown>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  // A new event was saved with files: the dialog stays open on their progress.
  const [added, setAdded] = useState(false);

  // A published upload changed what the server holds: the form takes the fields the upload
  // set (results make the event official or unofficial, and bring their wind), so a later
  // save keeps them.
  const takeUploaded = (kind: EventFileKind) => () => {
    const list = queryClient.getQueryData<AdminEvent[]>(adminKeys.events(competitionUic));
    const saved = list?.find((e) => e.id === savedId);
    if (!saved) return;
    if (kind === 'results') {
      setValue('status', saved.status);
      setValue('resultsFileType', saved.resultsFileType);
      // The file's wind, where the plan keeps it.
      setValue('windSpeed', saved.windSpeed ?? '');
    } else {
      setValue('startListType', saved.startListType);
    }
  };
  const results = useEventFileUpload('results', savedId, takeUploaded('results'));
  const startList = useEventFileUpload('start_list', savedId, takeUploaded('start_list'));
  const uploading = isBusy(results.job) || isBusy(startList.job);
  const waitNoteId = useId();

  // A new event whose dialog is closed with both a results file and a start list present is
  // deleted. That is: the event was created by this dialog, but its save did not complete
  // (a file was refused) before the dialog was closed; a finished save keeps it.
  const abandon = useRef<string | null>(null);
  const abandonable =
    event === null && savedId !== null && results.present && startList.present ? savedId : null;
  useEffect(() => {
    abandon.current = abandonable;
  }, [abandonable]);
  const completed = useRef(false);
  useEffect(
    () => () => {
      const id = abandon.current;
      if (id === null || completed.current) return;
      void adminApi
        .deleteEvent(id)
        .catch(() => undefined)
        .then(() => queryClient.invalidateQueries({ queryKey: adminKeys.all }));
    },
    [queryClient],
  );

  // Deleting the results resets the status to upcoming; undo restores it.
  const markResultsDeleted = (deleted: boolean) => {
    if (deleted) {
      statusBeforeDelete.current = getValues('status');
      setValue('status', STATUS_WITHOUT_RESULTS);
    } else if (statusBeforeDelete.current !== undefined) {
      setValue('status', statusBeforeDelete.current);
    }
    setResultsDeleted(deleted);
  };

  const save = async (values: EventInput) => {
    setFailure(null);
    // Rows are never sent back as they were when the dialog opened: results published in the
    // meantime must not be overwritten. The server keeps the stored rows unless deleted.
    const { results: _results, startListFile: _startList, ...fields } = values;
    const input: EventInput = {
      ...fields,
      // The form never edits the file names; an upload may have changed them since it opened.
      ...(current && {
        resultsFileName: current.resultsFileName,
        startListFileName: current.startListFileName,
      }),
      ...(resultsDeleted && { results: [], resultsFileType: 'NONE', resultsFileName: null }),
      ...(startListDeleted && {
        startListFile: [],
        startListFileName: null,
        startListType: 'NONE',
      }),
    };
    try {
      const saved =
        savedId === null
          ? await adminApi.createEvent(competitionUic, { ...input, id: newId })
          : await adminApi.updateEvent(savedId, input);
      setSavedId(saved.id);
      if (pdf) {
        await adminApi.uploadPdf(saved.id, pdf);
      } else if (pdfRemoved && saved.pdfLink) {
        // A failed PDF deletion is only logged; the event itself is saved.
        await adminApi.deletePdf(saved.id).catch((error: unknown) => console.error(error));
      }
      // Sent: a retry after a refused file, or a later save, must not send it again.
      setPdf(null);
      setPdfRemoved(false);
      // The files held for a new event, now that it exists (the PDF's pattern).
      let sent = false;
      let refused = false;
      const held = [
        [results, input.resultsFileType],
        [startList, input.startListType],
      ] as const;
      for (const [upload, type] of held) {
        if (!upload.pending || type === 'NONE') continue;
        sent = true;
        if (await upload.send(upload.pending, type, saved.id)) upload.setPending(null);
        else refused = true;
      }
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      if (refused) {
        // The refusal itself shows by its upload area.
        setFailure(EVENT_FILE_REFUSED);
        return;
      }
      completed.current = true;
      if (sent) setAdded(true);
      else onSaved();
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // A failed save is not dropped silently: the admin is told why (plan limits,
      // validation), since a dialog that silently stays open helps nobody.
      setFailure(errorText(error, EVENT_SAVE_FAILED));
    }
  };

  const wind = windEnabled ? String(windSpeed ?? '') : '';
  const windShown = formatWind(wind);
  const windState = windLabel(wind);
  const editing = event !== null;
  const exists = savedId !== null;

  return (
    <FormProvider {...form}>
      <form className="admin-form" onSubmit={(event) => void handleSubmit(save)(event)} noValidate>
        <div className="form-grid">
          <Field
            label="Competition"
            hint={editing ? 'The competition cannot be changed for an existing event.' : undefined}
            required
          >
            {(field) => (
              <select
                {...field}
                className="field-input"
                value={competitionUic}
                disabled={exists}
                onChange={(e) => setCompetitionUic(Number(e.target.value))}
              >
                {competitions.map((competition) => (
                  <option key={competition.uic} value={competition.uic}>
                    {competition.competitionName}
                  </option>
                ))}
              </select>
            )}
          </Field>

          <TextField
            label="Event name"
            error={errors.eventName?.message}
            required
            registration={register('eventName')}
          />

          <Field label="Event type" error={errors.eventType?.message} required>
            {(field) => (
              <select
                {...field}
                {...register('eventType', { setValueAs: orNull })}
                className="field-input"
                aria-required="true"
              >
                <option value="">Select a type</option>
                {eventTypes.map((type) => (
                  <option key={type} value={type}>
                    {eventTypeLabels[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>

          {eventType === 'JUMP' ? (
            <Field label="Discipline" error={errors.fieldDiscipline?.message} required>
              {(field) => (
                <select
                  {...field}
                  {...register('fieldDiscipline', {
                    setValueAs: orNull,
                    onChange: () => setValue('trackDiscipline', null),
                  })}
                  className="field-input"
                  aria-required="true"
                >
                  <option value="">Select a field discipline</option>
                  {fieldDisciplines.map((discipline) => (
                    <option key={discipline} value={discipline}>
                      {fieldDisciplineLabels[discipline]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : eventType === 'ATHLETICS' ? (
            <Field label="Discipline" error={errors.trackDiscipline?.message} required>
              {(field) => (
                <select
                  {...field}
                  {...register('trackDiscipline', {
                    setValueAs: orNull,
                    onChange: () => setValue('fieldDiscipline', null),
                  })}
                  className="field-input"
                  aria-required="true"
                >
                  <option value="">Select a track discipline</option>
                  {trackDisciplines.map((discipline) => (
                    <option key={discipline} value={discipline}>
                      {trackDisciplineLabels[discipline]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            <Field label="Discipline" hint="Choose the event type first.">
              {(field) => (
                <select {...field} className="field-input" disabled>
                  <option>Select a discipline</option>
                </select>
              )}
            </Field>
          )}

          <Field label="Round" error={errors.round?.message} required>
            {(field) => (
              <select
                {...field}
                {...register('round', { setValueAs: orNull })}
                className="field-input"
                aria-required="true"
              >
                <option value="">Select a round</option>
                {event?.round === 'unknown' && (
                  <option value="unknown" disabled>
                    {roundLabels.unknown} (edit required)
                  </option>
                )}
                {selectableRounds.map((round) => (
                  <option key={round} value={round}>
                    {roundLabels[round]}
                  </option>
                ))}
              </select>
            )}
          </Field>

          <Field
            label="Time"
            error={errors.time?.message}
            required
            hint="24-hour (14:30) or with am/pm (2:30pm)."
          >
            {(field) => (
              <input
                {...field}
                {...register('time')}
                className="field-input"
                aria-required="true"
                autoComplete="off"
              />
            )}
          </Field>

          <Field label="Status" error={errors.status?.message} required>
            {(field) => (
              <select {...field} {...register('status')} className="field-input">
                {event?.status === 'imported' && (
                  <option value="imported" disabled>
                    {eventStatusLabels.imported}
                  </option>
                )}
                {selectableStatuses.map((status) => (
                  <option key={status} value={status}>
                    {eventStatusLabels[status]}
                  </option>
                ))}
              </select>
            )}
          </Field>

          <SwitchField
            label="Visible"
            control={control}
            name="visible"
            onLabel={visibilityLabel(true)}
            offLabel={visibilityLabel(false)}
            unsetIsOn={true}
          />

          <Field
            label="Wind speed (m/s)"
            error={errors.windSpeed?.message}
            hint={
              !windEnabled ? (
                <span className="blocked-feature">{featureBlockedMessage('wind_speed')}</span>
              ) : windState ? (
                <span
                  className={`wind-label wind-${windState === 'Legal wind' ? 'legal' : 'illegal'}`}
                >
                  {windShown} m/s: {windState}
                </span>
              ) : (
                'Such as +1.2 or -0.8. Legal between -2.0 and +2.0.'
              )
            }
          >
            {(field) => (
              <input
                {...field}
                {...register('windSpeed')}
                className="field-input"
                inputMode="decimal"
                autoComplete="off"
                disabled={!windEnabled}
              />
            )}
          </Field>
        </div>

        <EventFilesFields
          event={current}
          saved={exists}
          results={results}
          startList={startList}
          resultsDeleted={resultsDeleted}
          onResultsDeletedChange={markResultsDeleted}
          startListDeleted={startListDeleted}
          onStartListDeletedChange={setStartListDeleted}
        />

        <PdfField
          enabled={pdfEnabled}
          currentUrl={current?.pdfLink ?? null}
          choice={pdf}
          onChoose={setPdf}
          removed={pdfRemoved}
          onRemovedChange={setPdfRemoved}
        />

        {failure && <FormAlert>{failure}</FormAlert>}
        {added && !failure && (
          <p className="form-success" role="status">
            Event added. Its files' progress shows above; you can close this dialog at any time.
          </p>
        )}
        {uploading && (
          <p className="field-hint" id={waitNoteId}>
            Saving is possible once the file upload has finished.
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {added ? 'Close' : 'Cancel'}
          </button>
          <button
            type="submit"
            className="btn"
            // A save during processing would write back the fields the upload is changing.
            disabled={isSubmitting || uploading}
            aria-describedby={uploading ? waitNoteId : undefined}
          >
            {isSubmitting ? 'Saving…' : exists ? 'Save changes' : 'Add event'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
