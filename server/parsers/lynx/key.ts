import type { CsvLine } from '../../../shared/parsers/text.ts';
import type { LynxEventKey } from '../types.ts';
import type { Cells } from './cells.ts';
import { reject } from './failure.ts';

/**
 * File names pad the numbers (006-1-02.lif) where headers do not, so leading zeros go
 * everywhere and the keys of a .lif, the .evt and the .sch compare equal.
 */
const unpadded = (text: string): string => text.replace(/^0+(?=.)/, '');

/**
 * Event, round and heat (a flight in FieldLynx): an event number may carry a letter ("1A");
 * round and heat are whole numbers, 1 when left blank as lynx.sch allows.
 */
export function readEventKey<C extends string>(
  cells: Cells<C>,
  columns: Record<'event' | 'round' | 'heat', C>,
): LynxEventKey {
  const eventNumber = cells.get(columns.event);
  if (!/^[0-9A-Za-z]{1,12}$/.test(eventNumber)) cells.reject(columns.event, 'an event number');
  // Rounds and heats are counted in ones: a number of five digits is no round or heat.
  const count = (column: C, what: string): string => {
    const value = unpadded(cells.get(column) || '1');
    if (!/^\d{1,4}$/.test(value)) cells.reject(column, `a ${what} number`);
    return value;
  };
  return {
    eventNumber: unpadded(eventNumber),
    round: count(columns.round, 'round'),
    heat: count(columns.heat, columns.heat),
  };
}

export const keyColumns = { event: 'event', round: 'round', heat: 'heat' } as const;

/** A header always names its event, even if the name is blank; fewer columns is not one. */
export function requireHeaderShape(line: CsvLine): void {
  if (line.fields.length < 4) {
    reject('expected an event header: event, round, heat, event name', line.line);
  }
}
