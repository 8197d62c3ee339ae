import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCompetition } from '../../../shared/schemas/admin.ts';
import type { ImportAnswer, ImportedEvent } from '../../../shared/schemas/exchange.ts';
import { roundLabels } from '../../../shared/domain.ts';
import { formatCompetitionDate } from '../../../shared/competitionList.ts';
import { venueClock } from '../../../shared/results/corrections.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert } from '../auth/Field.tsx';
import './timingRoom.css';

const planned: Record<ImportedEvent['change'], string> = {
  created: 'Will be created',
  updated: 'Will be updated',
  unchanged: 'Unchanged',
};
const done: Record<ImportedEvent['change'], string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
};
const formatNames: Record<ImportAnswer['format'], string> = {
  hytek: 'Hy-Tek file',
  opentrack: 'OpenTrack competition',
  csv: 'CSV file',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the file holds, and per race what the import does (or would do) with it. */
function ImportOutcome({ answer }: { answer: ImportAnswer }) {
  const labels = answer.dryRun ? planned : done;
  const unchanged = answer.outcomes.every((event) => event.change === 'unchanged');
  const counts = [
    plural(answer.events, 'event'),
    plural(answer.athletes, 'athlete'),
    plural(answer.entries, 'entry', 'entries'),
    plural(answer.results, 'result'),
  ].join(', ');
  return (
    <>
      <p role="status" className="timing-room-hint">
        {answer.dryRun ? 'Preview of the ' : unchanged ? 'Nothing changed: ' : 'Imported: '}
        {formatNames[answer.format]} — {counts}
        {unchanged && !answer.dryRun ? ', as imported before.' : '.'}
      </p>
      {answer.warnings.length > 0 && (
        <ul className="timing-room-hint">
          {answer.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <div className="admin-table-wrap" role="region" aria-label="Events in the file" tabIndex={0}>
        <table className="admin-table">
          <caption className="visually-hidden">
            {answer.dryRun ? 'What the import would do' : 'What the import did'}, per event
          </caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Round</th>
              <th scope="col">Heat</th>
              <th scope="col">Entries</th>
              <th scope="col">Results</th>
              <th scope="col">{answer.dryRun ? 'Import will' : 'Outcome'}</th>
            </tr>
          </thead>
          <tbody>
            {answer.outcomes.map((event, i) => (
              <tr
                className="admin-row"
                key={`${event.eventName}-${event.round}-${event.heat ?? ''}-${i}`}
              >
                <td className="cell-title strong">{event.eventName}</td>
                <td data-label="Round">{roundLabels[event.round]}</td>
                <td data-label="Heat">{event.heat ?? '—'}</td>
                <td data-label="Entries">{event.entries}</td>
                <td data-label="Results">{event.results}</td>
                <td data-label={answer.dryRun ? 'Import will' : 'Outcome'}>
                  {labels[event.change]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** When the results were marked final, for people: "Sat 28 Nov 2026 at 14:32". */
const sentAt = (at: string) =>
  `${formatCompetitionDate(at.slice(0, 10)) ?? at} at ${venueClock(at)}`;

/**
 * Meets in and out: entries and results from Hy-Tek, OpenTrack or Rith's CSV (previewed, then
 * imported), the results out to the federation and as official PDFs, and the mark that they
 * were sent, after which exports carry every correction.
 */
export function ExchangeSection({ competition }: { competition: AdminCompetition }) {
  const titleId = useId();
  const fileId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const uic = competition.uic;
  const preview = useMutation({
    mutationFn: (chosen: File) => adminApi.importMeet(uic, chosen, true),
  });
  const apply = useMutation({
    mutationFn: (chosen: File) => adminApi.importMeet(uic, chosen, false),
    onSuccess: () => {
      setFile(null);
      preview.reset();
      void queryClient.invalidateQueries({ queryKey: adminKeys.events(uic) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.competitions });
    },
  });
  const final = useMutation({
    mutationFn: (mark: boolean) => adminApi.setResultsFinal(uic, mark),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.competitions }),
  });
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    apply.reset();
    setFile(chosen);
    preview.mutate(chosen);
  };
  // The keyboard goes where the work is: to the confirm button once the preview is read,
  // to the outcome once the import is done (the file chooser leaves focus nowhere).
  const confirm = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (preview.data) confirm.current?.focus();
  }, [preview.data]);
  useEffect(() => {
    if (apply.data) outcome.current?.focus();
  }, [apply.data]);
  const exportPath = `/api/competitions/${uic}/export?format=`;
  const busy = preview.isPending || apply.isPending;
  return (
    <section className="card admin-section timing-room" aria-labelledby={titleId}>
      <div className="admin-section-head">
        <h2 id={titleId}>
          Import and export
          <span className="admin-section-sub"> — {competition.competitionName}</span>
        </h2>
      </div>
      <p className="timing-room-hint">
        Import the entries or results your registration or meet software exports: a Hy-Tek semicolon
        file, an OpenTrack competition JSON, or Rith&rsquo;s CSV. You see what it holds before
        anything changes; importing the same file again changes nothing.
      </p>
      <p className="timing-room-code">
        <input
          id={fileId}
          className="visually-hidden file-input"
          type="file"
          accept=".txt,.csv,.json,.tsv,text/plain,text/csv,application/json"
          onChange={choose}
          disabled={busy}
        />
        <label className="btn btn-secondary file-button" htmlFor={fileId}>
          {preview.isPending ? 'Reading…' : 'Import entries or results'}
        </label>{' '}
        <a className="template-link" href="/templates/rithEntries.csv" download>
          Download the CSV template
        </a>
      </p>
      {preview.isError && (
        <FormAlert>
          {errorText(preview.error, 'The file could not be read. Please try again.')}
        </FormAlert>
      )}
      {apply.isError && (
        <FormAlert>{errorText(apply.error, 'The import failed. Nothing was changed.')}</FormAlert>
      )}
      {preview.data && file && !apply.data && (
        <>
          <ImportOutcome answer={preview.data} />
          <p className="timing-room-code">
            <button
              ref={confirm}
              type="button"
              className="btn btn-primary"
              onClick={() => apply.mutate(file)}
              disabled={busy}
            >
              {apply.isPending ? 'Importing…' : `Import ${file.name}`}
            </button>{' '}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setFile(null);
                preview.reset();
              }}
              disabled={busy}
            >
              Cancel
            </button>
          </p>
        </>
      )}
      {apply.data && (
        <div ref={outcome} tabIndex={-1}>
          <ImportOutcome answer={apply.data} />
        </div>
      )}

      <h3 className="timing-room-h3">Results out</h3>
      <p className="timing-room-code">
        <a href={`${exportPath}opentrack`} download>
          OpenTrack JSON
        </a>
        <a href={`${exportPath}hytek`} download>
          Hy-Tek results
        </a>
        <a href={`${exportPath}csv`} download>
          CSV
        </a>
        <a href={`/api/competitions/${uic}/results.pdf`} target="_blank" rel="noreferrer">
          Official results (PDF)
        </a>
      </p>
      <p className="timing-room-hint">
        {competition.resultsFinalAt
          ? `Marked final for the federation on ${sentAt(competition.resultsFinalAt)}. Exports now list every correction made since.`
          : 'Once the results have gone to the federation, mark them final: exports then list every correction made after.'}
      </p>
      {final.isError && (
        <FormAlert>{errorText(final.error, 'That did not save. Please try again.')}</FormAlert>
      )}
      <p className="timing-room-code">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => final.mutate(!competition.resultsFinalAt)}
          disabled={final.isPending}
        >
          {competition.resultsFinalAt ? 'Take back the final mark' : 'Mark results final'}
        </button>
      </p>
    </section>
  );
}
