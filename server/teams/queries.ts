import type { Db } from '../db/connect.ts';
import {
  TeamScoringSettings,
  type TeamScoringSettings as Settings,
} from '../../shared/schemas/teamScores.ts';

/** The competition's team-scores settings; null when it keeps no team table. */
export async function teamScoringOf(db: Db, competitionUic: number): Promise<Settings | null> {
  const row = await db
    .selectFrom('teamScoring')
    .select('settings')
    .where('competitionUic', '=', competitionUic)
    .executeTakeFirst();
  // Read through the schema: settings saved before a new one was added get its default.
  return row ? TeamScoringSettings.parse(row.settings) : null;
}

export async function saveTeamScoring(
  trx: Db,
  competitionUic: number,
  settings: Settings,
): Promise<void> {
  const json = JSON.stringify(settings);
  await trx
    .insertInto('teamScoring')
    .values({ competitionUic, settings: json })
    .onConflict((oc) => oc.column('competitionUic').doUpdateSet({ settings: json }))
    .execute();
}
