import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { recordNotes } from '../../../shared/athletics/bests/flags.ts';

/** Each record a result broke or equalled, as it stood before (shared recordNotes). */
export function RecordNotes({
  rows,
  kind,
}: {
  rows: readonly AthleteRow[];
  kind: 'track' | 'field';
}) {
  const notes = recordNotes(rows, kind);
  if (notes.length === 0) return null;
  return (
    <ul className="card ev-record-notes">
      {notes.map((note) => (
        <li key={note.key}>{note.text}</li>
      ))}
    </ul>
  );
}
