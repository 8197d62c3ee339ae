import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { flagName } from '../../../shared/athletics/bests/flags.ts';
import { formatPerformance } from '../../../shared/athletics/performance.ts';

/**
 * Each record a result broke or equalled, with the record as it stood before ("Meeting record:
 * Ann Lee 11.75, was 11.80 by Old Holder, 2019"): what the announcer reads out.
 */
export function RecordNotes({
  rows,
  kind,
}: {
  rows: readonly AthleteRow[];
  kind: 'track' | 'field';
}) {
  const notes = rows.flatMap((row) =>
    (row.records ?? []).map((record) => {
      const equalled = row.flags?.includes(`=${record.type}`) ?? false;
      const name = flagName(equalled ? `=${record.type}` : record.type);
      const was = [record.holder, record.date].filter(Boolean).join(', ');
      return {
        key: `${row.id}-${record.type}`,
        text: `${name}: ${row.name} ${formatPerformance(kind === 'field' ? (row.best ?? row.performance) : row.performance, kind)}, ${equalled ? 'equalling' : 'was'} ${record.mark}${was ? ` (${was})` : ''}`,
      };
    }),
  );
  if (notes.length === 0) return null;
  return (
    <ul className="card ev-record-notes">
      {notes.map((note) => (
        <li key={note.key}>{note.text}</li>
      ))}
    </ul>
  );
}
