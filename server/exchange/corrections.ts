import type { Db } from '../db/connect.ts';
import type { ExchangeCorrection } from '../parsers/exchange/model.ts';
import { correctionsSince, type ExchangeEventRow } from '../events/exchange.ts';

/**
 * The corrections made to the events' published results after `since` (when the club marked
 * them final), oldest first: each with the lines of the athletes it changed.
 */
export async function correctionsOf(
  db: Db,
  events: readonly ExchangeEventRow[],
  since: Date,
): Promise<ExchangeCorrection[]> {
  const corrected = events.filter(
    (event) => event.correctedAt !== null && new Date(event.correctedAt) > since,
  );
  const all: ExchangeCorrection[] = [];
  for (const event of corrected) {
    for (const version of await correctionsSince(db, event.id, since)) {
      all.push({
        at: version.at,
        eventKey: event.exchangeKey ?? event.id,
        eventName: event.eventName,
        round: event.round,
        heat: event.heatCount > 1 ? event.heat : null,
        changes: version.changes.flatMap((c) => (c.type === 'athlete' ? [c.summary] : [])),
      });
    }
  }
  return all.sort((a, b) => a.at.localeCompare(b.at));
}
