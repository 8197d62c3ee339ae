/**
 * What the agent prints. A timing operator glances at this window between races, so each
 * step of each file is one line that starts with the local time and a word saying what
 * happened, in a column of its own:
 *
 *   14:02:11 saved     001-1-01.lif
 *   14:02:12 published 001-1-01.lif → 100m Men, heat 1: 8 results
 */
import type { FileReport } from './api.ts';
import { clockTime } from './time.ts';

export type Out = (line: string) => void;

export class Reporter {
  constructor(
    private readonly out: Out,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** "14:02:11 published 001-1-01.lif → …": one step of one file. */
  step(kind: string, text: string): void {
    this.out(`${clockTime(this.now())} ${kind.padEnd(9)} ${text}`);
  }

  /** A line that is not about one file: status, connection, scoreboard. */
  note(text: string): void {
    this.out(`${clockTime(this.now())} ${text}`);
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Events named in one line before the rest are counted: lynx.evt touches a whole meet. */
const EVENTS_SHOWN = 4;

/** "100m Men, heat 1: 8 results; 200m Men: 6 on the start list", from a file's report. */
export function describeReport(report: FileReport): string {
  if (report.events.length === 0) {
    switch (report.contents) {
      case 'schedule':
        return 'schedule read';
      case 'people':
        return 'athletes read';
      case 'timetable':
        return 'timetable read';
      default:
        return 'read, no event changed';
    }
  }
  const events = report.events.slice(0, EVENTS_SHOWN).map((event) => {
    const heat = event.heat ? `, heat ${event.heat}` : '';
    const rows =
      event.wrote === 'results'
        ? plural(event.rows, 'result', 'results')
        : `${event.rows} on the start list`;
    const hidden = event.public === false ? ' (not public)' : '';
    return `${event.eventName}${heat}: ${rows}${hidden}`;
  });
  const more = report.events.length - EVENTS_SHOWN;
  if (more > 0) events.push(`and ${plural(more, 'more event', 'more events')}`);
  return events.join('; ');
}
