import type { BestsEvent } from './event.ts';
import type { AthleteRow } from '../../schemas/athlete.ts';
import { formatPerformance } from '../performance.ts';
import { isBetter } from './marks.ts';

/**
 * The flags a result carries (athletics-rules.md): PB, the athlete's best ever in the event
 * (`=PB` equalled); SB, the best of the season; and the codes of the records lists the
 * competition holds, `=` in front when equalled. Pure: the server works them out when a
 * result lands, from what came before it.
 */

export type PersonalFlag = 'PB' | '=PB' | 'SB';

/** The athlete's best marks before this one, in the same units; null where there is none. */
export interface PriorBests {
  /** Best ever (with the seed best an entry gave). */
  pb: number | null;
  /** Best of this season. */
  sb: number | null;
}

/**
 * Nothing before it, nothing to beat: a first mark on Rith is no PB (a seed best from the
 * entries makes a first meet's PBs). An SB needs a past too: the season's first mark of an
 * athlete with history is one.
 */
export function personalFlags(
  event: Pick<BestsEvent, 'measure'>,
  mark: number,
  prior: PriorBests,
): PersonalFlag[] {
  if (prior.pb === null) return [];
  if (isBetter(event, mark, prior.pb)) return ['PB'];
  if (mark === prior.pb) return ['=PB'];
  if (prior.sb === null || isBetter(event, mark, prior.sb)) return ['SB'];
  return [];
}

/** The area records (athletics-rules.md), each an AR of its continent. */
const AREA_RECORDS: Record<string, string> = {
  AR: 'Area record',
  ER: 'European record',
  ASR: 'Asian record',
  AFR: 'African record',
  NACAC: 'NACAC record',
  OCR: 'Oceania record',
  SAR: 'South American record',
};

/** The order record codes are shown in: the widest list first. */
const RECORD_ORDER = ['WR', 'AR', 'NR', 'CR', 'MR'];
const rank = (type: string) => {
  const code = type.toUpperCase() in AREA_RECORDS ? 'AR' : type;
  const at = RECORD_ORDER.indexOf(code);
  return at < 0 ? RECORD_ORDER.length : at;
};

export interface StandingRecord {
  type: string;
  /** The mark to beat: the list's, or a better one already set earlier in the competition. */
  mark: number;
}

/** The record codes the mark breaks ("MR") or equals ("=MR"), widest first. */
export function recordFlags(
  event: Pick<BestsEvent, 'measure'>,
  mark: number,
  records: readonly StandingRecord[],
): string[] {
  return [...records]
    .sort((a, b) => rank(a.type) - rank(b.type) || a.type.localeCompare(b.type))
    .flatMap(({ type, mark: held }) =>
      isBetter(event, mark, held) ? [type] : mark === held ? [`=${type}`] : [],
    );
}

const RECORD_NAMES: Record<string, string> = {
  WR: 'World record',
  ...AREA_RECORDS,
  NR: 'National record',
  CR: 'Championship record',
  MR: 'Meeting record',
  PB: 'Personal best',
  SB: 'Season best',
};

/** "Meeting record", "Equalled personal best", or a club list's own code as it is. */
export function flagName(flag: string): string {
  const equalled = flag.startsWith('=');
  const code = equalled ? flag.slice(1) : flag;
  const known = RECORD_NAMES[code.toUpperCase()];
  if (!known) return `${equalled ? 'Equalled ' : ''}${code} record`;
  // "Equalled world record", but "Equalled European record": a continent keeps its capital.
  const proper = code.toUpperCase() in AREA_RECORDS && code.toUpperCase() !== 'AR';
  const lower = proper ? known : `${known.charAt(0).toLowerCase()}${known.slice(1)}`;
  return equalled ? `Equalled ${lower}` : known;
}

/**
 * What a result's flags say in words, for alerts and share texts: records by name ("Meeting
 * record"), a best with its mark ("PB 12.05", "=PB 12.05", "SB 12.20").
 */
export function flagWords(flags: readonly string[] | undefined, mark: string | null): string[] {
  return (flags ?? []).map((flag) =>
    /^=?(PB|SB)$/.test(flag) ? `${flag}${mark ? ` ${mark}` : ''}` : flagName(flag),
  );
}

/**
 * The news of an event's bests in a sentence: its records by who set them, then how many
 * PBs ("Meeting record: Ann Lee 11.75. 3 PBs."); '' when there is none.
 */
export function bestsNews(
  rows: readonly { name: string; flags?: string[] | undefined }[],
  markOf: (row: { name: string; flags?: string[] | undefined }) => string | null,
): string {
  const records = rows.flatMap((row) =>
    (row.flags ?? [])
      .filter((flag) => !/^=?(PB|SB)$/.test(flag))
      .map((flag) => `${flagName(flag)}: ${row.name}${markOf(row) ? ` ${markOf(row)}` : ''}`),
  );
  const pbs = rows.filter((row) => row.flags?.includes('PB')).length;
  const parts = [...records, ...(pbs > 0 ? [`${pbs} ${pbs === 1 ? 'PB' : 'PBs'}`] : [])];
  return parts.length === 0 ? '' : `${parts.join('. ')}.`;
}

/**
 * Each record a result broke or equalled, with the record as it stood before ("Meeting record:
 * Ann Lee 11.75, was 11.80 (Old Holder, 2019)"): what the announcer reads out, the event page
 * shows and the results PDF prints.
 */
export function recordNotes(
  rows: readonly AthleteRow[],
  kind: 'track' | 'field',
): { key: string; text: string }[] {
  return rows.flatMap((row) =>
    (row.records ?? []).map((record) => {
      const equalled = row.flags?.includes(`=${record.type}`) ?? false;
      const name = flagName(equalled ? `=${record.type}` : record.type);
      const was = [record.holder, record.date].filter(Boolean).join(', ');
      const mark = formatPerformance(
        kind === 'field' ? (row.best ?? row.performance) : row.performance,
        kind,
      );
      return {
        key: `${row.id}-${record.type}`,
        text: `${name}: ${row.name} ${mark}, ${equalled ? 'equalling' : 'was'} ${record.mark}${was ? ` (${was})` : ''}`,
      };
    }),
  );
}
