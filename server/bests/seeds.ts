import type { Db } from '../db/connect.ts';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { BestsEvent } from '../../shared/athletics/bests/event.ts';
import { readMark } from '../../shared/athletics/bests/marks.ts';

/**
 * The PB and SB an entry or start list gave (issue 31, seed bests): kept so a first meet on
 * Rith still flags PBs. A seed is the athlete's word, not a measured mark: only a fully
 * automatic time or a measured distance is kept, and what Rith measures itself counts
 * alongside (the better wins).
 */
export async function saveSeeds(
  trx: Db,
  kind: BestsEvent,
  season: string,
  people: readonly { row: AthleteRow; athleteId: string | null }[],
): Promise<void> {
  const seeds = people.flatMap(({ row, athleteId }) => {
    if (athleteId === null) return [];
    return (['pb', 'sb'] as const).flatMap((column) => {
      const mark = readMark(row[column], kind);
      if (!mark || mark.hand) return [];
      return [
        {
          athleteId,
          eventKey: kind.key,
          kind: column === 'pb' ? ('PB' as const) : ('SB' as const),
          season: column === 'pb' ? '-' : season,
          mark: mark.value,
          markText: mark.text,
        },
      ];
    });
  });
  const unique = [
    ...new Map(seeds.map((s) => [`${s.athleteId}|${s.kind}|${s.season}`, s])).values(),
  ];
  for (let i = 0; i < unique.length; i += 500) {
    await trx
      .insertInto('seedBests')
      .values(unique.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['athleteId', 'eventKey', 'kind', 'season']).doUpdateSet((eb) => ({
          mark: eb.ref('excluded.mark'),
          markText: eb.ref('excluded.markText'),
        })),
      )
      .execute();
  }
}
