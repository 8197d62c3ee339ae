import { sql } from 'kysely';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import type { Person } from '../../parsers/types.ts';
import type { EventChanges } from '../changes.ts';

/** A start list that names athletes by bib only takes their names from lynx.ppl. */
export function withPeople(rows: AthleteRow[], people: readonly Person[]): AthleteRow[] {
  if (people.length === 0) return rows;
  const byBib = new Map(people.map((p) => [p.bib, p]));
  return rows.map((row) => {
    const person = row.bib ? byBib.get(row.bib) : undefined;
    if (!person || row.name.trim()) return row;
    return {
      ...row,
      name: `${person.firstName} ${person.lastName}`.trim(),
      club: row.club ?? person.club,
    };
  });
}

/**
 * lynx.ppl arriving after lynx.evt: the start lists already saved with bibs only get their
 * athletes' names. Returns the events it named.
 */
export async function nameStartLists(
  changes: EventChanges,
  competitionUic: number,
  people: readonly Person[],
): Promise<{ eventId: string; rows: number }[]> {
  const { trx } = changes;
  const events = await trx
    .selectFrom('events')
    .select(['id', 'startListFile'])
    .where('competitionUic', '=', competitionUic)
    .where(
      sql<boolean>`exists (select 1 from jsonb_array_elements(start_list_file) as row
        where coalesce(trim(row->>'name'), '') = '')`,
    )
    .forUpdate()
    .execute();
  const named: { eventId: string; rows: number }[] = [];
  for (const event of events) {
    const rows = withPeople(event.startListFile, people);
    const filled = rows.filter((row, i) => row !== event.startListFile[i]).length;
    if (filled === 0) continue;
    await changes.write(event.id, { startListFile: rows });
    named.push({ eventId: event.id, rows: filled });
  }
  return named;
}
