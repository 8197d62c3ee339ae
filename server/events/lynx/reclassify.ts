import type { EventChanges } from '../changes.ts';
import { writeEvent } from '../service.ts';
import { classifyLynxEvents } from './classify.ts';
import { lynxEventStates, scheduledRaces } from './queries.ts';
import { present } from '../../../shared/present.ts';

/**
 * Round, heat and heat count of the competition's FinishLynx events, told again from all they
 * now say: a final's heats become heats once lynx.evt shows the final, a sixth heat makes the
 * other five "of 6". Only events whose classification changed are written.
 */
export async function classifyCompetition(
  changes: EventChanges,
  competitionUic: number,
): Promise<void> {
  const { trx } = changes;
  const events = await lynxEventStates(trx, competitionUic);
  const byId = new Map(events.map((e) => [e.id, e]));
  const classified = classifyLynxEvents(events, await scheduledRaces(trx, competitionUic));
  for (const next of classified) {
    const held = present(byId.get(next.id), `the classified event ${next.id}`);
    if (
      held.round === next.round &&
      held.heat === next.heat &&
      held.heatCount === next.heatCount &&
      held.status === next.status
    ) {
      continue;
    }
    await changes.before(next.id);
    const { round, heat, heatCount, status } = next;
    await writeEvent(trx, next.id, { round, heat, heatCount, status });
  }
}
