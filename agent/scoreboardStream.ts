/**
 * Reads the text FinishLynx sends to a scoreboard when it runs Rith's script (agent/rith.lss)
 * over TCP or UDP. The script writes one record per line, fields separated by tabs, the first
 * field a record letter:
 *
 *   I  script name, script version                          (Initialization)
 *   T  event, round, heat, time, event name                 (TimeRunning)
 *   S  event, round, heat, time, event name                 (TimeStopped)
 *   G  event, round, heat, time, event name                 (TimeGun)
 *   W  wind                                                 (Wind)
 *   H  official, event name, wind, event, round, heat, participants   (ResultsHeader)
 *   R  place, lane, id, name, affiliation, time, reaction time        (Result)
 *   E  event, round, heat                                   (ResultsTrailer)
 *   L  event, round, heat, event name                       (StartListHeader)
 *
 * A TCP stream arrives in arbitrary pieces and a scoreboard port hears whatever is sent to it,
 * so the reader is incremental, byte-exact across chunk boundaries, and never throws: a
 * record it cannot read is skipped and counted. A results update counts only once its `E`
 * arrives, so a connection cut mid-update never publishes half a heat.
 */
import { decodeText } from '../shared/parsers/text.ts';

/** Longest record (and longest partial record kept while waiting for its end), in bytes. */
export const MAX_RECORD_BYTES = 4096;
/** More result lines than any heat has: the rest of a runaway update is dropped. */
export const MAX_LINES_PER_UPDATE = 200;

export interface HeatNumbers {
  eventNumber: number;
  round: number;
  heat: number;
}

export interface ResultsHeader extends HeatNumbers {
  /** FinishLynx's word for it, as sent ("OFFICIAL", "UNOFFICIAL", or empty). */
  status: string;
  official: boolean;
  eventName: string;
  wind: string;
  participants: number | null;
}

/** One result line as the scoreboard formats it. */
export interface ScoreboardLine {
  place: string;
  lane: string;
  id: string;
  name: string;
  affiliation: string;
  time: string;
  reactionTime: string;
}

export type ClockState = 'running' | 'stopped' | 'gun';

export type ScoreboardEvent =
  | { type: 'init'; script: string; version: string }
  /** A complete results update: the header and every line sent before its trailer. */
  | { type: 'results'; header: ResultsHeader; lines: ScoreboardLine[] }
  /** `heat` is null when FinishLynx sent no event number: the clock of the current heat. */
  | { type: 'clock'; state: ClockState; heat: HeatNumbers | null; eventName: string; time: string }
  | { type: 'wind'; wind: string }
  | { type: 'startList'; heat: HeatNumbers; eventName: string };

export interface ReaderStats {
  /** Records read and understood. */
  records: number;
  /** Records skipped: unknown letter, bad numbers, too many fields, too long, out of place. */
  skipped: number;
}

const NEWLINE = 0x0a;
const TAB = 0x09;

/** Fields after the letter, per record letter. */
const FIELD_COUNT: Record<string, number> = {
  I: 2,
  T: 5,
  S: 5,
  G: 5,
  W: 1,
  H: 7,
  R: 7,
  E: 3,
  L: 4,
};

const CLOCK_STATES = { T: 'running', S: 'stopped', G: 'gun' } as const satisfies Record<
  string,
  ClockState
>;

/**
 * Control bytes other than the tab mean nothing in a record (a CR of CRLF, NUL padding, a
 * serial-line STX/ETX some scoreboard settings add); dropping them before decoding is safe
 * because no byte below 0x20 is ever part of a multi-byte UTF-8 sequence.
 */
function withoutControlBytes(bytes: Uint8Array): Uint8Array {
  let keep = 0;
  for (const byte of bytes) if ((byte >= 0x20 && byte !== 0x7f) || byte === TAB) keep += 1;
  if (keep === bytes.length) return bytes;
  const out = new Uint8Array(keep);
  let at = 0;
  for (const byte of bytes) if ((byte >= 0x20 && byte !== 0x7f) || byte === TAB) out[at++] = byte;
  return out;
}

/** A whole number of at most `digits` digits, or null. */
function whole(text: string, digits: number): number | null {
  return text.length > 0 && text.length <= digits && /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * Event, round and heat. An empty event number means FinishLynx has no event loaded (null,
 * when `optional`); an empty round or heat reads as 0, as FinishLynx leaves them unset.
 * Anything else that is not a number makes the record unreadable (undefined).
 */
function heatNumbers(
  event: string,
  round: string,
  heat: string,
  optional: boolean,
): HeatNumbers | null | undefined {
  if (event === '' && round === '' && heat === '') return optional ? null : undefined;
  const eventNumber = whole(event, 4);
  const roundNumber = round === '' ? 0 : whole(round, 2);
  const heatNumber = heat === '' ? 0 : whole(heat, 3);
  if (eventNumber === null || roundNumber === null || heatNumber === null) return undefined;
  return { eventNumber, round: roundNumber, heat: heatNumber };
}

const sameHeat = (a: HeatNumbers, b: HeatNumbers) =>
  a.eventNumber === b.eventNumber && a.round === b.round && a.heat === b.heat;

export class ScoreboardReader {
  readonly stats: ReaderStats = { records: 0, skipped: 0 };
  /** Bytes of the record not yet ended by a newline. */
  private parts: Uint8Array[] = [];
  private partLength = 0;
  /** The partial record grew past the limit: drop bytes up to the next newline. */
  private discarding = false;
  /** The results update being received: its header and lines so far. */
  private update: { header: ResultsHeader; lines: ScoreboardLine[] } | null = null;
  private readonly encoder = new TextEncoder();

  /** Reads one piece of the stream; returns what it completed, in order. */
  push(chunk: Uint8Array | string): ScoreboardEvent[] {
    const bytes = typeof chunk === 'string' ? this.encoder.encode(chunk) : chunk;
    const events: ScoreboardEvent[] = [];
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      const piece = bytes.subarray(start, end);
      start = end + 1;
      if (this.discarding) {
        if (newline !== -1) this.discarding = false;
        continue;
      }
      if (this.partLength + piece.length > MAX_RECORD_BYTES) {
        this.stats.skipped += 1;
        this.parts = [];
        this.partLength = 0;
        if (newline === -1) this.discarding = true;
        continue;
      }
      if (newline === -1) {
        // Kept as a copy: the caller may reuse its buffer for the next chunk.
        this.parts.push(piece.slice());
        this.partLength += piece.length;
        continue;
      }
      const record = this.parts.length === 0 ? piece : this.joined(piece);
      this.parts = [];
      this.partLength = 0;
      this.record(record, events);
    }
    return events;
  }

  private joined(last: Uint8Array): Uint8Array {
    const out = new Uint8Array(this.partLength + last.length);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    out.set(last, at);
    return out;
  }

  private record(raw: Uint8Array, events: ScoreboardEvent[]): void {
    const bytes = withoutControlBytes(raw);
    if (bytes.length === 0) return;
    const fields = decodeText(bytes)
      .split('\t')
      .map((field) => field.trim());
    const letter = fields[0] ?? '';
    const expected = FIELD_COUNT[letter];
    // Missing trailing fields read as empty (a script that leaves one out); extra ones mean
    // the line is not what Rith's script writes.
    if (expected === undefined || fields.length - 1 > expected) {
      if (letter !== '' || fields.length > 1) this.stats.skipped += 1;
      return;
    }
    const f = (index: number) => fields[index] ?? '';
    const event = this.interpret(letter, f);
    if (event === undefined) {
      this.stats.skipped += 1;
      return;
    }
    this.stats.records += 1;
    if (event !== null) events.push(event);
  }

  /** The event a record completes, null when it completes none, undefined when unreadable. */
  private interpret(
    letter: string,
    f: (index: number) => string,
  ): ScoreboardEvent | null | undefined {
    switch (letter) {
      case 'I':
        return { type: 'init', script: f(1), version: f(2) };
      case 'T':
      case 'S':
      case 'G': {
        const heat = heatNumbers(f(1), f(2), f(3), true);
        if (heat === undefined) return undefined;
        return { type: 'clock', state: CLOCK_STATES[letter], heat, time: f(4), eventName: f(5) };
      }
      case 'W':
        return { type: 'wind', wind: f(1) };
      case 'L': {
        const heat = heatNumbers(f(1), f(2), f(3), false);
        if (!heat) return undefined;
        return { type: 'startList', heat, eventName: f(4) };
      }
      case 'H': {
        const heat = heatNumbers(f(4), f(5), f(6), false);
        const participants = f(7) === '' ? null : whole(f(7), 4);
        if (!heat || (f(7) !== '' && participants === null)) {
          // A header that cannot be read still ends the update before it.
          this.update = null;
          return undefined;
        }
        const status = f(1);
        // A header without a trailer before it: that update was cut off and is dropped.
        if (this.update) this.stats.skipped += 1;
        this.update = {
          header: {
            ...heat,
            status,
            official: status.toUpperCase() === 'OFFICIAL',
            eventName: f(2),
            wind: f(3),
            participants,
          },
          lines: [],
        };
        return null;
      }
      case 'R': {
        if (!this.update || this.update.lines.length >= MAX_LINES_PER_UPDATE) return undefined;
        this.update.lines.push({
          place: f(1),
          lane: f(2),
          id: f(3),
          name: f(4),
          affiliation: f(5),
          time: f(6),
          reactionTime: f(7),
        });
        return null;
      }
      case 'E': {
        const update = this.update;
        this.update = null;
        if (!update) return undefined;
        const heat = heatNumbers(f(1), f(2), f(3), true);
        // A trailer naming another heat than its header: the two belong to different updates.
        if (heat === undefined || (heat !== null && !sameHeat(heat, update.header))) {
          return undefined;
        }
        return { type: 'results', header: update.header, lines: update.lines };
      }
      default:
        return undefined;
    }
  }
}
