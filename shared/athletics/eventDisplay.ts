import type { EventStatus } from '../schemas/enums.ts';
import type { ShownTable } from '../meet/shown.ts';
import { eventTitle, type HeatFacts } from './heats.ts';
import type { Progression } from '../schemas/event.ts';
import { throughTo } from './rounds/words.ts';
import { bestsNews } from './bests/flags.ts';
import { athleteResult } from '../results/corrections.ts';
import type { AthleteRow } from '../schemas/athlete.ts';
import type { EventType } from '../domain.ts';

/** " (Through to the final: 8, provisionally)": who the round sends on, when it has a rule. */
function through(progression: Progression | null | undefined): string {
  if (!progression || progression.qualifiers.length === 0) return '';
  const { qualifiers, final, nextRound } = progression;
  return ` (${throughTo(nextRound)}: ${qualifiers.length}${final ? '' : ' so far, provisionally'})`;
}

/**
 * The prefilled message of the share link; a heat is named with its number
 * ("Men 100 Meter Dash, Heat 2 of 6"), as six heats share one name. It speaks of what the
 * event's page shows (shared/meet/shown.ts): its results, the unofficial lines (said to be
 * provisional), else its start list.
 */
export function shareText(
  event: {
    eventName: string;
    shown: ShownTable;
    progression?: Progression | null;
    /** On the event's own page: its records and PBs are news worth the message. */
    results?: readonly AthleteRow[];
    eventType?: EventType;
  } & Partial<HeatFacts>,
  competitionName: string,
  link: string,
): string {
  const name = eventTitle({
    eventName: event.eventName,
    round: event.round ?? 'unknown',
    heat: event.heat ?? null,
    heatCount: event.heatCount ?? 1,
  });
  if (event.shown === 'results') {
    const news = bestsNews(event.results ?? [], (row) =>
      event.eventType ? athleteResult(row as AthleteRow, event.eventType).mark : null,
    );
    return `Check out the results for "${name}" at ${competitionName}${through(event.progression)}!${news ? ` ${news}` : ''} See details here: ${link}`;
  }
  // Unofficial results are provisional: a share never passes them off as the final word.
  if (event.shown === 'live') {
    return `Check out the unofficial results for "${name}" at ${competitionName} (provisional: they may still change)! See details here: ${link}`;
  }
  return `Check out the start list for "${name}" at ${competitionName}! See the start list here: ${link}`;
}

export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** Scratched events are dimmed and struck through, and their share link is disabled. */
export function isScratched(status: EventStatus): boolean {
  return status === 'scratched';
}
