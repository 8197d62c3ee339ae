/**
 * A small interpreter of FinishLynx's scoreboard scripts (.lss), for the subset Rith's
 * agent/rith.lss uses: it produces the bytes FinishLynx would send for given values, so tests
 * and benchmarks can replay realistic scoreboard streams (running clock, results updates of
 * any length, paging, the stop) into the agent without FinishLynx.
 *
 * The format: ";;Name" opens a section, other lines starting with ";" are comments, and each
 * format line is a group code and a variable code as \hh, then text in which %s is replaced
 * by the variable's value and \hh is a byte. A section's format lines are sent back to back.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface LssFormatLine {
  group: number;
  variable: number;
  /** The text around %s, with \hh already decoded, as bytes. */
  before: Uint8Array;
  after: Uint8Array | null;
}

export type LssScript = Map<string, LssFormatLine[]>;

/** The values FinishLynx fills in, by group then variable code. */
export type LssValues = Partial<Record<number, Partial<Record<number, string>>>>;

export const GROUP = {
  initialize: 0x10,
  time: 0x11,
  wind: 0x12,
  resultsHeader: 0x13,
  result: 0x14,
} as const;

/** How FinishLynx writes the values it fills in: the PC's code page, or UTF-8. */
export type LssEncoding = 'utf8' | 'windows-1252';

const RITH_LSS = fileURLToPath(new URL('../../agent/rith.lss', import.meta.url));

export function loadRithLss(): LssScript {
  return parseLss(readFileSync(RITH_LSS, 'latin1'));
}

/** Text with \hh escapes as bytes (the script itself is plain ASCII). */
function escapedBytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text[i] === '\\' ? /^[0-9a-fA-F]{2}/.exec(text.slice(i + 1)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i) & 0xff);
  }
  return Uint8Array.from(bytes);
}

export function parseLss(text: string): LssScript {
  const script: LssScript = new Map();
  let section: LssFormatLine[] | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line === '') continue;
    if (line.startsWith(';;')) {
      section = [];
      script.set(line.slice(2).trim(), section);
      continue;
    }
    if (line.startsWith(';')) continue;
    const codes = /^\\([0-9a-fA-F]{2})\\([0-9a-fA-F]{2})(.*)$/.exec(line);
    if (!codes || !section) throw new Error(`not a format line of a section: ${line}`);
    const [, group, variable, format] = codes;
    const at = format!.indexOf('%s');
    if (at !== -1 && format!.indexOf('%s', at + 2) !== -1) {
      throw new Error(`more than one %s in a line: ${line}`);
    }
    section.push({
      group: parseInt(group!, 16),
      variable: parseInt(variable!, 16),
      before: escapedBytes(at === -1 ? format! : format!.slice(0, at)),
      after: at === -1 ? null : escapedBytes(format!.slice(at + 2)),
    });
  }
  return script;
}

const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function encode(text: string, encoding: LssEncoding): Uint8Array {
  if (encoding === 'utf8') return new TextEncoder().encode(text);
  return Uint8Array.from(
    [...text].map((char) => {
      const high = CP1252_HIGH.indexOf(char);
      if (high !== -1) return 0x80 + high;
      const code = char.charCodeAt(0);
      return code <= 0xff ? code : 0x3f;
    }),
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The bytes one section sends with these values (empty for a section the script lacks). */
export function renderSection(
  script: LssScript,
  section: string,
  values: LssValues,
  encoding: LssEncoding = 'utf8',
): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const line of script.get(section) ?? []) {
    parts.push(line.before);
    if (line.after !== null) {
      const value = line.variable === 0 ? '' : (values[line.group]?.[line.variable] ?? '');
      parts.push(encode(value, encoding), line.after);
    }
  }
  return concat(parts);
}

export interface LssHeat {
  eventNumber: number;
  round: number;
  heat: number;
  eventName: string;
  official?: boolean;
  wind?: string;
  participants?: number;
}

export interface LssResultLine {
  place?: string;
  lane?: string;
  id?: string;
  name?: string;
  affiliation?: string;
  time?: string;
  reactionTime?: string;
}

/** One thing FinishLynx does on the scoreboard. */
export type LssUpdate =
  | { type: 'init' }
  /** Running-clock ticks, one TimeRunning per time. */
  | { type: 'running'; heat: LssHeat; times: string[] }
  | { type: 'gun'; heat: LssHeat; time?: string }
  | { type: 'stopped'; heat: LssHeat; time: string }
  | { type: 'wind'; wind: string }
  /** A results update; with `pageSize`, sent as pages of that many lines, each a full update. */
  | { type: 'results'; heat: LssHeat; lines: LssResultLine[]; pageSize?: number }
  | { type: 'startList'; heat: LssHeat };

function headerValues(heat: LssHeat): Partial<Record<number, string>> {
  return {
    0x01: heat.official ? 'OFFICIAL' : 'UNOFFICIAL',
    0x02: heat.eventName,
    0x03: heat.wind ?? '',
    0x04: String(heat.eventNumber),
    0x05: String(heat.round),
    0x06: String(heat.heat),
    0x07: 'AUTO',
    0x08: heat.participants === undefined ? '' : String(heat.participants),
  };
}

function resultValues(line: LssResultLine): Partial<Record<number, string>> {
  return {
    0x01: line.place ?? '',
    0x02: line.lane ?? '',
    0x03: line.id ?? '',
    0x04: line.name ?? '',
    0x05: line.affiliation ?? '',
    0x06: line.time ?? '',
    0x0c: line.reactionTime ?? '',
  };
}

/** The bytes FinishLynx sends for one update, as separate writes (one per section sent). */
export function lssWrites(
  script: LssScript,
  update: LssUpdate,
  encoding: LssEncoding = 'utf8',
): Uint8Array[] {
  const render = (section: string, values: LssValues) =>
    renderSection(script, section, values, encoding);
  switch (update.type) {
    case 'init':
      return [render('Initialization', {})];
    case 'running':
      return update.times.map((time) =>
        render('TimeRunning', {
          [GROUP.time]: { 0x01: time },
          [GROUP.resultsHeader]: headerValues(update.heat),
        }),
      );
    case 'gun':
      return [
        render('TimeGun', {
          [GROUP.time]: { 0x01: update.time ?? '0.0' },
          [GROUP.resultsHeader]: headerValues(update.heat),
        }),
      ];
    case 'stopped':
      return [
        render('TimeStopped', {
          [GROUP.time]: { 0x01: update.time },
          [GROUP.resultsHeader]: headerValues(update.heat),
        }),
      ];
    case 'wind':
      return [render('Wind', { [GROUP.wind]: { 0x01: update.wind } })];
    case 'startList':
      return [render('StartListHeader', { [GROUP.resultsHeader]: headerValues(update.heat) })];
    case 'results': {
      const header = headerValues(update.heat);
      const size = update.pageSize ?? Math.max(1, update.lines.length);
      const writes: Uint8Array[] = [];
      for (let start = 0; start === 0 || start < update.lines.length; start += size) {
        writes.push(render('ResultsHeader', { [GROUP.resultsHeader]: header }));
        for (const line of update.lines.slice(start, start + size)) {
          writes.push(
            render('Result', { [GROUP.result]: resultValues(line), [GROUP.resultsHeader]: header }),
          );
        }
        writes.push(render('ResultsTrailer', { [GROUP.resultsHeader]: header }));
      }
      return writes;
    }
  }
}

/** The whole stream FinishLynx sends for a sequence of updates, as one byte array. */
export function lssStream(
  script: LssScript,
  updates: LssUpdate[],
  encoding: LssEncoding = 'utf8',
): Uint8Array {
  return concat(updates.flatMap((update) => lssWrites(script, update, encoding)));
}

/** A realistic race: gun, `ticks` running-clock ticks (0.1 s apart), stop, results, official. */
export function lssRace(heat: LssHeat, lines: LssResultLine[], ticks = 100): LssUpdate[] {
  const times = Array.from({ length: ticks }, (_, i) => ((i + 1) / 10).toFixed(1));
  const stopped = lines.find((line) => line.time)?.time ?? times.at(-1) ?? '0.0';
  return [
    { type: 'gun', heat },
    { type: 'running', heat, times },
    { type: 'stopped', heat, time: stopped },
    { type: 'results', heat: { ...heat, official: false }, lines },
    { type: 'results', heat: { ...heat, official: true }, lines },
  ];
}
