import type { BestsEvent } from './event.ts';
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

/** The order record codes are shown in: the widest list first. */
const RECORD_ORDER = ['WR', 'AR', 'NR', 'CR', 'MR'];
const rank = (type: string) => {
  const at = RECORD_ORDER.indexOf(type);
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
  AR: 'Area record',
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
  const name = RECORD_NAMES[code] ?? `${code} record`;
  return equalled ? `Equalled ${name.toLowerCase()}` : name;
}
