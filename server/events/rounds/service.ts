import type { ChangeDeps } from '../../runtime.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AdminEvent } from '../../../shared/schemas/admin.ts';
import type { LineUpEdit, ProgressionRule } from '../../../shared/schemas/event.ts';
import { updateEvent } from '../service.ts';
import { leadsOn } from '../../../shared/meet/rounds.ts';
import { ownedEvent } from '../../auth/scope.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { commitThenPublish } from '../../live/commit.ts';
import { EventChanges } from '../changes.ts';
import { findAdminEvent } from '../adminQueries.ts';
import { CompetitionRounds } from './progression.ts';
import { deleteRoundRule, saveRoundRule } from './queries.ts';

export const ROUND_LEADS_NOWHERE =
  'A qualification rule belongs to a round that leads to another: heats, quarters, semis or prelims of a race. Set the event’s round first.';

/**
 * PUT /api/admin/events/{id}/progression: the rule of the event's round, for every heat of
 * it; 0 and 0 removes it. Every heat is told again at once (its Q and q), and a complete
 * round draws the next round's line-up (advance.ts), in the same change; a rule removed takes
 * back a line-up Rith drew.
 */
export async function setProgression(
  deps: ChangeDeps,
  user: SessionUser,
  id: string,
  rule: ProgressionRule,
): Promise<AdminEvent> {
  const stored = await ownedEvent(deps.db, user, id);
  if (!leadsOn(stored.round) || stored.eventType !== 'ATHLETICS') {
    throw new Invalid(ROUND_LEADS_NOWHERE, 'round_leads_nowhere');
  }
  const uic = stored.competitionUic;
  await commitThenPublish(deps, async (trx) => {
    const rounds = await CompetitionRounds.loadAll(trx, uic);
    const key = rounds.keyOf(id);
    if (key === undefined) throw new NotFound('Event not found');
    const changes = new EventChanges(trx);
    if (rule.byPlace + rule.byTime === 0) {
      await deleteRoundRule(trx, uic, key);
      for (const event of rounds.nextRoundOf(key).events) {
        if (event.startListDrawn) {
          await changes.write(event.id, { startListFile: [], startListDrawn: false });
        }
      }
    } else await saveRoundRule(trx, uic, key, rule);
    // Told through the writer: its rounds step draws the line-up once the heats are bumped.
    for (const heat of rounds.heatsOf(key)) await changes.bump(heat.id);
    return { result: undefined, message: await changes.messages() };
  });
  const event = await findAdminEvent(deps.db, user.clubUics, id);
  if (!event) throw new NotFound('Event not found');
  return event;
}

export const NOT_DRAWN =
  'Only a line-up Rith drew is edited here: this start list is the timing room’s. Send theirs again to change it.';

/**
 * PUT /api/admin/events/{id}/line-up: the admin's edit of Rith's draw (lanes swapped, an
 * athlete taken off after a tie drawn by lot). Saved as the event's start list, no longer
 * Rith's: a later draw never overwrites it; the timing room's start list still does.
 */
export async function editLineUp(
  deps: ChangeDeps,
  user: SessionUser,
  id: string,
  edit: LineUpEdit,
): Promise<AdminEvent> {
  const stored = await ownedEvent(deps.db, user, id);
  if (!stored.startListDrawn) throw new Invalid(NOT_DRAWN, 'line_up_not_drawn');
  const held = new Map(stored.startListFile.map((row) => [row.id, row]));
  const rows = edit.rows.map(({ id: rowId, lane }) => {
    const row = held.get(rowId);
    if (!row) throw new Invalid(`No athlete ${rowId} in this line-up.`);
    return { ...row, lane };
  });
  await updateEvent(deps, id, { startListFile: rows, startListDrawn: false });
  const event = await findAdminEvent(deps.db, user.clubUics, id);
  if (!event) throw new NotFound('Event not found');
  return event;
}
