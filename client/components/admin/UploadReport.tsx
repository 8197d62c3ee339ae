import type { UploadFileReport, UploadedEvent } from '../../../shared/schemas/upload.ts';
import { heatLabel } from '../../../shared/athletics/heats.ts';
import { roundLabels } from '../../../shared/domain.ts';

const wroteWords: Record<UploadedEvent['wrote'], string> = {
  results: 'results',
  start_list: 'start list',
};

/** "Women 60 Meter Dash · Heats · Heat 2 of 4": which event a file wrote, told apart. */
function eventWords(event: UploadedEvent): string {
  const heat = heatLabel(event);
  return [event.eventName, roundLabels[event.round], heat].filter(Boolean).join(' · ');
}

function EventLine({ event }: { event: UploadedEvent }) {
  const rows = `${event.rows} ${event.rows === 1 ? 'row' : 'rows'}`;
  return (
    <li className="report-event">
      <span className="report-event-name">{eventWords(event)}</span>
      <span className="report-event-facts">
        {event.created ? 'created' : 'updated'}, {wroteWords[event.wrote]}, {rows}
        {' · '}
        <span className={event.public ? 'flag is-on' : 'flag'}>
          {event.public ? 'Public' : 'Not public'}
        </span>
      </span>
    </li>
  );
}

const OUTCOME_LABELS: Record<UploadFileReport['outcome'] | 'superseded', string> = {
  applied: 'Applied',
  refused: 'Refused',
  unchanged: 'Unchanged',
  superseded: 'Superseded',
};

/** A file refused only because a newer one of its event came first is told apart: no fault. */
const outcomeOf = (file: UploadFileReport) => (file.superseded ? 'superseded' : file.outcome);

/**
 * What an upload did with each of its files: the events and heats it created or updated (with
 * their rows and whether spectators see them), its warnings, or why it was refused.
 */
export function UploadReport({ files }: { files: readonly UploadFileReport[] }) {
  if (files.length === 0) return null;
  const superseded = files.filter((file) => outcomeOf(file) === 'superseded').length;
  const refused = files.filter((file) => outcomeOf(file) === 'refused').length;
  const used = files.length - refused - superseded;
  return (
    <section className="upload-report" aria-label="What each file did">
      <p className="upload-report-summary">
        {used} of {files.length} {files.length === 1 ? 'file' : 'files'} used
        {refused > 0 && `, ${refused} refused`}
        {superseded > 0 && `, ${superseded} superseded`}
      </p>
      <ul className="upload-report-files">
        {files.map((file, index) => (
          <li key={`${file.fileName}-${index}`} className={`report-file is-${outcomeOf(file)}`}>
            <p className="report-file-head">
              <strong className="file-name">{file.fileName}</strong>{' '}
              <span className="report-file-outcome">{OUTCOME_LABELS[outcomeOf(file)]}</span>
            </p>
            {file.reason && <p className="report-reason">{file.reason}</p>}
            {file.events.length > 0 && (
              <ul className="report-events">
                {file.events.map((event) => (
                  <EventLine key={`${event.eventId}-${event.wrote}`} event={event} />
                ))}
              </ul>
            )}
            {file.warnings.length > 0 && (
              <ul className="report-warnings" aria-label={`Warnings for ${file.fileName}`}>
                {file.warnings.map((warning, i) => (
                  <li key={i}>{warning}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
