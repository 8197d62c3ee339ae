import { AthleteRows } from '../../../shared/schemas/athlete.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { reject } from './failure.ts';
import { athleteRow } from '../athleteRow.ts';

/**
 * A row named after its file and line: parsing the same file twice gives the same ids, so a
 * re-upload replaces rows instead of duplicating them. Every field is present, null where
 * FinishLynx does not say (the seed data's convention); series arrays only on field rows.
 */
export function lynxRow(
  file: string,
  line: number,
  fields: Partial<AthleteRow> & Pick<AthleteRow, 'name'>,
): AthleteRow {
  return athleteRow({
    id: `${file}:${line}`,
    best: null,
    gender: null,
    reactionTime: null,
    windspeed: null,
    ...fields,
  });
}

/** "First Last"; relays have only the team name, in the last-name column. */
export function fullName(firstName: string, lastName: string): string {
  return [firstName, lastName].filter((part) => part !== '').join(' ');
}

/** A relay team's affiliation: the team's code, spaces, its letter ("BUCK  B"). */
const RELAY_AFFILIATION = /^(\S{1,10})\s+([A-Z])$/;

/**
 * The athlete's name and club, or a relay team's as the stadium says them: FinishLynx writes
 * a team as its name in the last-name column ("Bucknell") and its code and letter as the
 * affiliation ("BUCK  B"); that is "Bucknell B" (the A team is plain "Bucknell") of the club
 * Bucknell, not a club called "BUCK  B".
 */
export function entrant(
  firstName: string,
  lastName: string,
  affiliation: string | null,
): { name: string; club: string | null } {
  const relay = firstName === '' ? RELAY_AFFILIATION.exec(affiliation?.trim() ?? '') : null;
  if (!relay) return { name: fullName(firstName, lastName), club: affiliation };
  const [, code = '', letter = ''] = relay;
  const team = lastName.trim() || code;
  return { name: letter === 'A' ? team : `${team} ${letter}`, club: team };
}

/** The shared schema is the contract with the upload pipeline: check it before handing over. */
export function checkedRows(rows: AthleteRow[], lines: readonly number[]): AthleteRow[] {
  const result = AthleteRows.safeParse(rows);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const index = typeof issue?.path[0] === 'number' ? issue.path[0] : undefined;
  const field = issue?.path[1];
  return reject(
    `row does not fit the athlete-row schema: ${issue?.message ?? 'invalid'}`,
    index === undefined ? undefined : lines[index],
    typeof field === 'string' ? field : undefined,
  );
}
