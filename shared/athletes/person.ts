import { foldText } from './identity.ts';
import { readEventName } from '../eventNames/read.ts';

/**
 * Which result rows, across competitions, are one person (issue 31). A federation or licence
 * number says so where the source has one (spreadsheets, FinishLynx .ppl, entries); else the
 * same name and club, folded as the athlete search folds them, within the same sex. A bib is
 * no identity across meets: each meet gives its own.
 */

export type Sex = 'men' | 'women';

const MEN = new Set(['m', 'men', 'male', 'man', 'boys', 'boy', 'h', 'herren']);
const WOMEN = new Set(['f', 'w', 'women', 'female', 'woman', 'girls', 'girl', 'k', 'd', 'damen']);

/** The row's sex as its gender cell says, else as the event's name does; null when neither. */
export function sexOf(rowGender: string | null | undefined, eventName: string): Sex | null {
  const cell = foldText(rowGender);
  if (MEN.has(cell)) return 'men';
  if (WOMEN.has(cell)) return 'women';
  const said = readEventName(eventName).gender;
  return said === 'men' || said === 'women' ? said : null;
}

/** A licence number as a key: spaces, dashes and leading zeros are no part of it. */
export function foldLicence(licence: string | null | undefined): string {
  const text = foldText(licence).replace(/\s+/g, '');
  // A placeholder ("None", "N/A", "TBC", "0") is no number: it would make everyone one person.
  if (!/[1-9]/.test(text)) return '';
  return /^\d+$/.test(text) ? String(BigInt(text)) : text;
}

export interface PersonFacts {
  name: string;
  club: string | null;
  licence?: string | null;
}

/** The key every row of one person shares; null for a row naming nobody. */
export function personKey(row: PersonFacts, sex: Sex | null): string | null {
  const licence = foldLicence(row.licence);
  if (licence !== '') return `licence:${licence}`;
  const name = foldText(row.name);
  if (name === '') return null;
  return `name:${sex ?? '-'}|${name}|${foldText(row.club)}`;
}
