/**
 * What the scoreboard has shown of each heat, built up from the reader's events. A scoreboard
 * pages long heats (eight lines, then the next eight) and re-sends a line whenever FinishLynx
 * re-reads the finish, so each update is merged into the heat's lines rather than replacing
 * them: the heat always goes to Rith whole, and the latest line for an athlete wins.
 */
import type {
  ScoreboardHeat,
  ScoreboardRow,
  ScoreboardUpdate,
} from '../shared/schemas/timingRoom.ts';
import type {
  HeatNumbers,
  ResultsHeader,
  ScoreboardEvent,
  ScoreboardLine,
} from './scoreboardStream.ts';

/** Heats remembered at once; a meet's earlier heats are long published by their files. */
const MAX_HEATS = 64;
const MAX_ROWS = 200;

/** The lengths ScoreboardUpdate accepts: longer text is cut, never refused. */
const LIMITS = {
  place: 10,
  lane: 10,
  bib: 20,
  name: 120,
  affiliation: 120,
  time: 20,
  reactionTime: 10,
} as const;
const EVENT_NAME_LIMIT = 200;
const WIND_LIMIT = 10;

export type ResultsUpdate = Extract<ScoreboardUpdate, { type: 'results' }>;
export type ClockUpdate = Extract<ScoreboardUpdate, { type: 'clock' }>;

interface HeatState {
  heat: ScoreboardHeat;
  wind: string | null;
  /** Keyed by bib, else lane, else name; Map order is the order lines first arrived. */
  rows: Map<string, ScoreboardRow>;
}

export const heatKey = (heat: HeatNumbers) => `${heat.eventNumber}/${heat.round}/${heat.heat}`;

/** Which athlete a line is about: the bib when it has one, else the lane, else the name. */
function rowKey(line: ScoreboardLine): string | null {
  if (line.id !== '') return `bib:${line.id}`;
  if (line.lane !== '') return `lane:${line.lane}`;
  if (line.name !== '') return `name:${line.name.toLowerCase()}`;
  return null;
}

function toRow(line: ScoreboardLine): ScoreboardRow {
  return {
    place: line.place.slice(0, LIMITS.place),
    lane: line.lane.slice(0, LIMITS.lane),
    bib: line.id.slice(0, LIMITS.bib),
    name: line.name.slice(0, LIMITS.name),
    affiliation: line.affiliation.slice(0, LIMITS.affiliation),
    time: line.time.slice(0, LIMITS.time),
    reactionTime: line.reactionTime.slice(0, LIMITS.reactionTime),
  };
}

/** Places in order, then lines with a code or no place (DNF, DQ, not yet placed) as they came. */
function byPlace(rows: ScoreboardRow[]): ScoreboardRow[] {
  const place = (row: ScoreboardRow) =>
    /^\d+$/.test(row.place) ? Number(row.place) : Number.POSITIVE_INFINITY;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => place(a.row) - place(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

export class HeatBoard {
  private readonly heats = new Map<string, HeatState>();
  private current: HeatState | null = null;

  /** The heat FinishLynx last showed: a clock without event numbers belongs to it. */
  get currentHeat(): ScoreboardHeat | null {
    return this.current?.heat ?? null;
  }

  /**
   * Applies one reader event. Returns the update to send to Rith, or null when the event
   * changes nothing Rith shows (a wind reading is sent with the heat's next results).
   */
  apply(event: ScoreboardEvent): ScoreboardUpdate | null {
    switch (event.type) {
      case 'results':
        return this.results(event.header, event.lines);
      case 'clock':
        return this.clock(event.heat, event.eventName, event.state, event.time);
      case 'wind':
        if (this.current && event.wind !== '') {
          this.current.wind = event.wind.slice(0, WIND_LIMIT);
        }
        return null;
      case 'startList':
        this.switchTo(event.heat, event.eventName);
        return null;
      case 'init':
        return null;
    }
  }

  /**
   * Merges a complete results update into its heat; the heat's whole list goes to Rith, once
   * it has a result (a results page sent before anyone finished says nothing).
   */
  private results(header: ResultsHeader, lines: ScoreboardLine[]): ResultsUpdate | null {
    const state = this.switchTo(header, header.eventName);
    if (header.wind !== '') state.wind = header.wind.slice(0, WIND_LIMIT);
    for (const line of lines) {
      // A line with neither a place nor a time is the start list showing through, not a result.
      if (line.place === '' && line.time === '') continue;
      const key = rowKey(line);
      if (key === null) continue;
      // A later line for the same athlete replaces the earlier one and keeps its position, so
      // re-sent pages never shuffle lines that have no place yet.
      state.rows.set(key, toRow(line));
    }
    if (state.rows.size === 0) return null;
    return {
      type: 'results',
      heat: { ...state.heat },
      wind: state.wind,
      rows: byPlace([...state.rows.values()]).slice(0, MAX_ROWS),
    };
  }

  private clock(
    numbers: HeatNumbers | null,
    eventName: string,
    state: 'running' | 'stopped' | 'gun',
    time: string,
  ): ClockUpdate | null {
    const heat = numbers ? this.switchTo(numbers, eventName) : this.current;
    if (!heat) return null;
    // The gun starts the clock: Rith knows a clock as running or stopped.
    return {
      type: 'clock',
      heat: { ...heat.heat },
      state: state === 'stopped' ? 'stopped' : 'running',
      time: time.slice(0, LIMITS.time),
    };
  }

  private switchTo(numbers: HeatNumbers, eventName: string): HeatState {
    const key = heatKey(numbers);
    let state = this.heats.get(key);
    if (!state) {
      state = {
        heat: {
          eventNumber: numbers.eventNumber,
          round: numbers.round,
          heat: numbers.heat,
          eventName: '',
        },
        wind: null,
        rows: new Map(),
      };
      this.heats.set(key, state);
      if (this.heats.size > MAX_HEATS) {
        const oldest = this.heats.keys().next().value;
        if (oldest !== undefined) this.heats.delete(oldest);
      }
    }
    if (eventName !== '') state.heat.eventName = eventName.slice(0, EVENT_NAME_LIMIT);
    this.current = state;
    return state;
  }
}
