import type { EventChanges } from '../changes.ts';
import type { EventFields } from '../columns.ts';
import { classifyLynxEvents } from './classify.ts';
import { lynxEventStates, scheduledRaces } from './queries.ts';
import { present } from '../../../shared/present.ts';
import { familyName } from '../../eventNames/index.ts';
import { listOrder } from '../../meet/listOrder.ts';

/**
 * Round, heat and heat count of the competition's FinishLynx events, told again from all they
 * now say: a final's heats become heats once lynx.evt shows the final, a sixth heat makes the
 * other five "of 6". Their place in the meet's running order is worked out again too, from
 * lynx.sch and lynx.evt (server/meet/listOrder.ts), and an event still named as its file
 * wrote it takes its family's name ("100m K U14-Bieg 10" is heat 10 of "100m K U14"). Only
 * events whose classification changed are written.
 */
export async function classifyCompetition(
  changes: EventChanges,
  competitionUic: number,
): Promise<void> {
  const { trx } = changes;
  const events = await lynxEventStates(trx, competitionUic);
  const schedule = await scheduledRaces(trx, competitionUic);
  const byId = new Map(events.map((e) => [e.id, e]));
  const order = listOrder(events, schedule);
  for (const next of classifyLynxEvents(events, schedule)) {
    const held = present(byId.get(next.id), `the classified event ${next.id}`);
    const fields: EventFields = {};
    for (const key of ['round', 'heat', 'heatCount', 'status'] as const) {
      if (held[key] !== next[key]) Object.assign(fields, { [key]: next[key] });
    }
    const runOrder = order.get(next.id) ?? null;
    if (held.runOrder !== runOrder) fields.runOrder = runOrder;
    const family = familyName(held.lynxName);
    if (held.eventName === held.lynxName && family !== held.eventName) fields.eventName = family;
    if (Object.keys(fields).length === 0) continue;
    await changes.write(next.id, fields);
  }
}
