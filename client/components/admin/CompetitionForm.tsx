import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  CompetitionInput,
  URL_NAME_HINT,
  type AdminClub,
  type AdminCompetition,
} from '../../../shared/schemas/admin.ts';
import { isValidUrlName, slugify } from '../../../shared/slug.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { Field, TextField, FormAlert } from '../auth/Field.tsx';
import { competitionFormDefaults } from './competitionPayload.ts';
import { ImageField, useImageChoice } from './ImageField.tsx';
import { SwitchField } from './Switch.tsx';
import { TimetableField, type TimetableChoice } from './TimetableField.tsx';
import { liveNowLabel, visibilityLabel } from './labels.ts';
import { isBusy } from './uploadProgress.ts';
import { useAdminCompetitions } from './useAdminQueries.ts';
import { useUploadJob } from './useUploadJob.ts';

export const COMPETITION_SAVE_FAILED = 'Failed to save competition.';
export const TIMETABLE_REFUSED =
  'The competition was saved, but the timetable was not accepted. Choose another file, then save.';

/**
 * Add/Edit Competition. Validated on submit with the server's own
 * schema; the image and the timetable are chosen here and applied only by the save. A
 * timetable is uploaded once the competition exists, and the dialog then stays open to show
 * how its processing goes.
 */
export function CompetitionForm({
  competition,
  clubs,
  clubUic,
  timetableEnabled,
  onSaved,
  onCancel,
}: {
  competition: AdminCompetition | null;
  clubs: readonly AdminClub[];
  /** The club a new competition starts in. */
  clubUic: number;
  timetableEnabled: boolean;
  onSaved: (saved: AdminCompetition) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(CompetitionInput),
    defaultValues: competitionFormDefaults(competition, clubUic),
  });
  const urlName = useWatch({ control, name: 'urlName' });
  // New competitions take their URL name from the name until the user types one.
  const urlTyped = useRef(competition !== null);
  // Once created, a retry (say after a failed image upload) updates instead of adding again.
  const [savedUic, setSavedUic] = useState(competition?.uic ?? null);
  // The competition as last fetched: a published timetable changes its timetable fields.
  const competitions = useAdminCompetitions();
  const current = competitions.data?.find((c) => c.uic === savedUic) ?? competition;
  const upload = useUploadJob();
  const [uploaded, setUploaded] = useState(false);

  const [image, chooseImage] = useImageChoice();
  const [imageRemoved, setImageRemoved] = useState(false);
  const [timetable, setTimetable] = useState<TimetableChoice | null>(null);
  const [timetableDeleted, setTimetableDeleted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (values: CompetitionInput) => {
    setFailure(null);
    // The timetable fields are the server's, never the form's copy from when it opened: an
    // upload may have replaced the timetable since. Rows are left out, so the stored ones
    // stay; a new file's rows are written by its upload once parsed.
    const { timeTableFile: _rows, ...fields } = values;
    const input: CompetitionInput =
      timetableDeleted && !timetable
        ? { ...fields, timeTableType: 'NONE', timeTableFileName: null, timeTableFile: null }
        : {
            ...fields,
            timeTableType: current?.timeTableType ?? 'NONE',
            timeTableFileName: current?.timeTableFileName ?? null,
          };
    try {
      let saved =
        savedUic === null
          ? await adminApi.createCompetition(input)
          : await adminApi.updateCompetition(savedUic, input);
      setSavedUic(saved.uic);
      if (image) saved = await adminApi.uploadImage(saved.uic, image.file);
      else if (imageRemoved && saved.imageLink) saved = await adminApi.deleteImage(saved.uic);
      const sent = timetable
        ? await upload.start([timetable.file.name], () =>
            adminApi.uploadTimetable(saved.uic, timetable.type, timetable.file),
          )
        : null;
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      if (sent === false) {
        setFailure(TIMETABLE_REFUSED);
        return;
      }
      if (sent) {
        // The dialog stays open: what was sent must not be sent again by another save.
        chooseImage(null);
        setImageRemoved(false);
        setTimetable(null);
        setTimetableDeleted(false);
        setUploaded(true);
      } else {
        onSaved(saved);
      }
    } catch (error) {
      // Part of the save may have gone through (the competition, not its image).
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      setFailure(errorText(error, COMPETITION_SAVE_FAILED));
    }
  };

  const clubName = clubs.find((c) => c.uic === (competition?.clubUic ?? clubUic))?.clubName;
  const urlNameShape = urlName !== '' && !isValidUrlName(urlName);

  return (
    <form className="admin-form" onSubmit={(event) => void handleSubmit(save)(event)} noValidate>
      <div className="form-grid">
        <Field
          label="Competition name"
          error={errors.competitionName?.message}
          required
          className="span-2"
        >
          {(field) => (
            <input
              {...field}
              {...register('competitionName', {
                onChange: (event: { target: { value: string } }) => {
                  if (urlTyped.current) return;
                  setValue('urlName', slugify(event.target.value), {
                    shouldValidate: isSubmitted,
                  });
                },
              })}
              className="field-input"
              aria-required="true"
            />
          )}
        </Field>

        {competition ? (
          <Field label="Club" hint="The club cannot be changed after the competition is created.">
            {(field) => (
              <input
                {...field}
                className="field-input"
                value={clubName ?? `Club #${competition.clubUic}`}
                readOnly
              />
            )}
          </Field>
        ) : (
          <Field label="Club" error={errors.clubUic?.message} required>
            {(field) => (
              <select
                {...field}
                {...register('clubUic', { setValueAs: (v: string | number) => Number(v) })}
                className="field-input"
                aria-required="true"
              >
                {clubs.map((club) => (
                  <option key={club.uic} value={club.uic}>
                    {club.clubName}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}

        <TextField
          label="Location"
          error={errors.location?.message}
          required
          registration={register('location')}
        />

        <TextField
          label="Date"
          error={errors.date?.message}
          required
          registration={register('date')}
          type="date"
        />

        <TextField
          label="Start time"
          error={errors.startTime?.message}
          required
          registration={register('startTime')}
          placeholder="e.g. 10:00 or 10am"
        />

        <TextField
          label="Entries close"
          error={errors.closeTime?.message}
          registration={register('closeTime')}
          placeholder="e.g. 9:30"
        />

        <Field
          label="URL name"
          error={errors.urlName?.message}
          required
          hint={<span className={urlNameShape ? 'hint-warning' : undefined}>{URL_NAME_HINT}</span>}
        >
          {(field) => (
            <input
              {...field}
              {...register('urlName', {
                onChange: () => {
                  urlTyped.current = true;
                },
              })}
              className="field-input"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              aria-required="true"
            />
          )}
        </Field>

        <Field label="Description" error={errors.description?.message} className="span-2">
          {(field) => (
            <textarea {...field} {...register('description')} className="field-input" rows={3} />
          )}
        </Field>

        <TextField
          label="Map link"
          error={errors.mapLink?.message}
          registration={register('mapLink')}
          type="url"
          inputMode="url"
          placeholder="https://"
        />

        <TextField
          label="Facebook"
          error={errors.facebook?.message}
          registration={register('facebook')}
          type="url"
          inputMode="url"
          placeholder="https://"
        />

        <TextField
          label="Timed by"
          error={errors.timedBy?.message}
          registration={register('timedBy')}
        />

        <TextField
          label="Timed by link"
          error={errors.timedByLink?.message}
          registration={register('timedByLink')}
          type="url"
          inputMode="url"
          placeholder="https://"
        />

        <SwitchField
          label="Visible"
          control={control}
          name="visible"
          onLabel={visibilityLabel(true)}
          offLabel={visibilityLabel(false)}
          unsetIsOn={true}
        />

        <SwitchField
          label="Live Now"
          hint="Shows a Live Now badge on the results page."
          control={control}
          name="liveNow"
          onLabel={liveNowLabel(true)}
          offLabel={liveNowLabel(false)}
          unsetIsOn={false}
        />
      </div>

      <ImageField
        currentUrl={current?.imageLink ?? null}
        choice={image}
        onChoose={chooseImage}
        removed={imageRemoved}
        onRemovedChange={setImageRemoved}
      />

      <TimetableField
        enabled={timetableEnabled}
        savedType={current?.timeTableType ?? 'NONE'}
        savedFileName={current?.timeTableFileName ?? null}
        choice={timetable}
        onChoose={setTimetable}
        markedForDeletion={timetableDeleted}
        onMarkedChange={setTimetableDeleted}
        job={upload.job}
        onDismissJob={upload.clear}
      />

      {failure && <FormAlert>{failure}</FormAlert>}
      {uploaded && !failure && (
        <p className="form-success" role="status">
          Competition saved. The timetable's progress shows above; you can close this dialog at any
          time.
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {uploaded ? 'Close' : 'Cancel'}
        </button>
        <button
          type="submit"
          className="btn"
          // A save during processing would write back the timetable fields being replaced.
          disabled={isSubmitting || isBusy(upload.job)}
        >
          {isSubmitting ? 'Saving…' : savedUic !== null ? 'Save changes' : 'Add competition'}
        </button>
      </div>
    </form>
  );
}
