import { failed, parsed } from '../types.ts';
import type { ParseResult, TimetableEntry } from '../types.ts';
import { disciplineFromText, eventTypeFromText, roundOf } from '../xlsx/eventInfo.ts';
import { timeText } from '../xlsx/timetable.ts';
import { readXml } from './readXml.ts';
import type { XmlNode } from './readXml.ts';
import { eventFields, normalizeName, timetableElements } from './synonyms.ts';
import { isRecord, valueOf } from './tree.ts';

/**
 * Timetable lines: <Event>/<Race>/<Session>/<Item> elements with a name, innermost first
 * (an <Event> holding <Race> elements is a heading, its races are the lines). Competitors
 * inside a line are not read.
 */
function lines(node: XmlNode): XmlNode[] {
  if (isRecord(node) && !timetableElements.includes(normalizeName(node.name))) return [];
  const inner = node.children.flatMap(lines);
  if (inner.length > 0) return inner;
  const isLine =
    timetableElements.includes(normalizeName(node.name)) &&
    valueOf(node, eventFields.eventName) !== null;
  return isLine ? [node] : [];
}

export function parseTimetableXml(
  bytes: Uint8Array,
  fileName: string,
): ParseResult<TimetableEntry[]> {
  try {
    const root = readXml(bytes, fileName);
    if (!root.ok) return root;
    const found = lines(root.value);
    if (found.length === 0) {
      return failed({
        file: fileName,
        reason: 'no timetable lines found (expected <Event name="..." time="..."> elements)',
      });
    }
    return parsed(
      found.map((node): TimetableEntry => {
        const eventName = valueOf(node, eventFields.eventName) ?? '';
        const statedType = eventTypeFromText(valueOf(node, eventFields.eventType));
        const fromDiscipline = disciplineFromText(valueOf(node, eventFields.discipline));
        const discipline =
          fromDiscipline.eventType !== null ? fromDiscipline : disciplineFromText(eventName);
        const eventType = statedType ?? discipline.eventType;
        const agrees = discipline.eventType === eventType;
        return {
          time: timeText(valueOf(node, eventFields.time)),
          eventName,
          round: roundOf(valueOf(node, eventFields.round), eventName),
          eventType,
          trackDiscipline: agrees ? discipline.trackDiscipline : null,
          fieldDiscipline: agrees ? discipline.fieldDiscipline : null,
        };
      }),
    );
  } catch (error) {
    return failed({
      file: fileName,
      reason: `could not read the XML (${error instanceof Error ? error.message : String(error)})`,
    });
  }
}
