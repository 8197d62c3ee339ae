import { bestMark } from '../../../shared/athletics/fieldMark.ts';
import { normalizeResultCode } from '../../../shared/athletics/resultCode.ts';
import { formatWind } from '../../../shared/athletics/wind.ts';
import type { AthleteRow } from '../../../shared/schemas/athlete.ts';
import { failed, parsed } from '../types.ts';
import type { ParsedEvent, ParseResult } from '../types.ts';
import { disciplineFromText, eventTypeFromText, roundOf } from '../xlsx/eventInfo.ts';
import {
  blankRow,
  checkedRows,
  commonWind,
  fullName,
  placeAndPerformance,
  rowId,
} from '../xlsx/rows.ts';
import { fileStem } from '../xlsx/sheetEvent.ts';
import type { XmlNode } from './readXml.ts';
import { eventFields, recordFields } from './synonyms.ts';
import { fileRowCapRefusal } from '../../../shared/rowCap.ts';
import { attemptsOf, isRecord, valueOf } from './tree.ts';

/** The records under one element, with that element and its ancestors (nearest last). */
interface EventGroup {
  chain: XmlNode[];
  records: XmlNode[];
}

/** Every element that directly holds competitor records, in document order. */
function eventGroups(root: XmlNode): EventGroup[] {
  const groups: EventGroup[] = [];
  const visit = (node: XmlNode, chain: XmlNode[]) => {
    const records = node.children.filter(isRecord);
    if (records.length > 0) groups.push({ chain, records });
    for (const child of node.children) {
      if (!isRecord(child)) visit(child, [...chain, child]);
    }
  };
  if (isRecord(root)) groups.push({ chain: [], records: [root] });
  else visit(root, [root]);
  return groups;
}

/** An event value from the holding element or, failing it, the nearest ancestor that has one. */
function inherited(chain: readonly XmlNode[], names: readonly string[]): string | null {
  for (let index = chain.length - 1; index >= 0; index--) {
    const node = chain[index];
    const value = node ? valueOf(node, names) : null;
    if (value !== null) return value;
  }
  return null;
}

/** A record's value, or that of a competitor nested in it (<Result><Athlete .../></Result>). */
function recordValue(record: XmlNode, names: readonly string[]): string | null {
  const own = valueOf(record, names);
  if (own !== null) return own;
  for (const child of record.children.filter(isRecord)) {
    const nested = valueOf(child, names);
    if (nested !== null) return nested;
  }
  return null;
}

function athleteOf(
  record: XmlNode,
  id: string,
  startList: boolean,
): AthleteRow & { jump: boolean } {
  const at = (names: readonly string[]) => recordValue(record, names);
  const name = fullName(
    at(recordFields.firstName),
    at(recordFields.lastName),
    at(recordFields.name),
  );
  const status = normalizeResultCode(at(recordFields.status)) ? at(recordFields.status) : null;
  const ownText = record.text === '' ? null : record.text;
  const { rank, performance } = placeAndPerformance(
    at(recordFields.rank),
    status ?? at(recordFields.performance) ?? ownText,
  );
  const attempts = attemptsOf(record, recordFields.attempt);
  const jump = attempts.length > 0;
  const base: AthleteRow = {
    ...blankRow(id, name),
    bib: at(recordFields.bib),
    club: at(recordFields.club),
    category: at(recordFields.category),
    lane: at(recordFields.lane),
    gender: at(recordFields.gender),
  };
  if (startList) return { ...base, jump };
  const best = at(recordFields.best) ?? (jump ? bestMark(attempts) : null);
  return {
    ...base,
    rank,
    performance: performance ?? best,
    points: at(recordFields.points),
    reactionTime: at(recordFields.reactionTime),
    windspeed: at(recordFields.windspeed),
    ...(jump || best !== null ? { best } : {}),
    // Horizontal series have six attempts; vertical ones may have a cell per height.
    ...(jump
      ? { attempts: [...attempts, ...Array<null>(Math.max(0, 6 - attempts.length)).fill(null)] }
      : {}),
    jump,
  };
}

function eventOf(
  group: EventGroup,
  position: number,
  fileName: string,
  startList: boolean,
): ParseResult<ParsedEvent> {
  const value = (names: readonly string[]) => inherited(group.chain, names);
  const roundText = value(eventFields.round);
  const heat = value(eventFields.heat);
  const baseName = value(eventFields.eventName) ?? fileStem(fileName);
  const round = roundOf(roundText, baseName);
  // Heats of one event would otherwise share a name; a final's single heat needs no number.
  const eventName =
    heat !== null && round !== 'finals' && !/heat|flight/i.test(baseName)
      ? `${baseName} Heat ${heat}`
      : baseName;
  const tooMany = fileRowCapRefusal(
    { eventName, eventType: 'ATHLETICS', key: null },
    group.records.length,
  );
  if (tooMany !== null) return failed({ file: fileName, reason: tooMany });
  const rows = group.records.map((record, index) =>
    athleteOf(record, rowId(fileName, `${position}:${index + 1}`), startList),
  );
  const discipline = disciplineFromText(value(eventFields.discipline) ?? baseName);
  const eventType =
    eventTypeFromText(value(eventFields.eventType)) ??
    discipline.eventType ??
    (rows.some((row) => row.jump) ? 'JUMP' : 'ATHLETICS');
  const own = discipline.eventType === eventType;
  const checked = checkedRows(
    rows.map(({ jump: _jump, ...row }) => ({ ...row, eventName })),
    fileName,
  );
  if (!checked.ok) return checked;
  const wind = formatWind(value(eventFields.wind));
  return parsed({
    key: null,
    eventName,
    eventType,
    trackDiscipline: own ? discipline.trackDiscipline : null,
    fieldDiscipline: own ? discipline.fieldDiscipline : null,
    round,
    // A start list has no wind yet; a field event's wind belongs to each attempt.
    wind:
      startList || eventType === 'JUMP'
        ? null
        : wind !== ''
          ? wind
          : commonWind(checked.value.map((row) => row.windspeed)),
    rows: checked.value,
  });
}

/** One ParsedEvent per element holding competitors; none at all is a failure. */
export function eventsOf(
  root: XmlNode,
  fileName: string,
  startList: boolean,
): ParseResult<ParsedEvent[]> {
  const groups = eventGroups(root);
  if (groups.length === 0) {
    return failed({
      file: fileName,
      reason:
        'no competitors found (expected <Event> elements holding <Competitor> elements; see README "Import formats: XML")',
    });
  }
  const events: ParsedEvent[] = [];
  for (const [index, group] of groups.entries()) {
    const event = eventOf(group, index + 1, fileName, startList);
    if (!event.ok) return event;
    events.push(event.value);
  }
  return parsed(events);
}
