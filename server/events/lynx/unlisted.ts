import { sql } from 'kysely';
import type { EventChanges } from '../changes.ts';

/**
 * A lynx.evt lists every heat of the races it holds: when the meet is seeded again (three
 * heats become two), a heat of those races it no longer lists goes, unless something was
 * published on it (results, in part or whole, a photo-finish PDF). Races the file does not hold are left alone:
 * another session's lynx.evt does not list them. Returns the events removed.
 */
export async function dropUnlistedHeats(
  changes: EventChanges,
  competitionUic: number,
  listed: readonly { race: string; unit: string }[],
): Promise<string[]> {
  const races = [...new Set(listed.map((l) => l.race))];
  if (races.length === 0) return [];
  const unlisted = await changes.trx
    .selectFrom('events')
    .select('id')
    .where('competitionUic', '=', competitionUic)
    .where('eventType', '=', 'ATHLETICS')
    .where('lynxRace', 'in', races)
    .where(
      'lynxUnit',
      'not in',
      listed.map((l) => l.unit),
    )
    .where(sql<boolean>`jsonb_array_length(results) = 0`)
    // Nor one whose results file is in part (held in `live` until complete).
    .where('progress', 'is', null)
    .where('pdfFileId', 'is', null)
    // Heats lynx.evt made or listed; not one the admin gave a start list of another kind.
    .where('startListType', 'in', ['NONE', 'LYNX_MEET_MANAGMENT'])
    .forUpdate()
    .execute();
  for (const { id } of unlisted) await changes.remove(id);
  return unlisted.map((e) => e.id);
}
