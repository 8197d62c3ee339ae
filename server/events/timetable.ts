import type { TimetableEntry } from '../parsers/types.ts';
import type { EventChanges } from './changes.ts';

/**
 * Events from a timetable, marked Auto: imported where the round or discipline cannot be told.
 * Each remembers the line it came from (the nth of the same name and round), so the same
 * timetable uploaded again finds its events even after the admin edited their name or round:
 * only the schedule follows the file, what the admin edited since stays.
 */
export async function saveTimetableEvents(
  changes: EventChanges,
  competitionUic: number,
  entries: readonly TimetableEntry[],
): Promise<{ eventId: string; created: boolean }[]> {
  const { trx } = changes;
  const saved: { eventId: string; created: boolean }[] = [];
  const seen = new Map<string, number>();
  for (const entry of entries) {
    const base = `${entry.eventName.trim().toLowerCase()}|${entry.round}`;
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    const timetableKey = `${base}|${nth}`;
    const existing = await trx
      .selectFrom('events')
      .select('id')
      .where('competitionUic', '=', competitionUic)
      .where('timetableKey', '=', timetableKey)
      .forUpdate()
      .executeTakeFirst();
    if (existing) {
      await changes.write(existing.id, { time: entry.time });
      saved.push({ eventId: existing.id, created: false });
      continue;
    }
    const jump = entry.eventType === 'JUMP';
    const imported =
      entry.round === 'unknown' ||
      !entry.eventType ||
      (jump ? !entry.fieldDiscipline : !entry.trackDiscipline);
    const { id } = await changes.insert(competitionUic, {
      time: entry.time,
      eventName: entry.eventName,
      eventType: entry.eventType ?? 'ATHLETICS',
      trackDiscipline: jump ? null : entry.trackDiscipline,
      fieldDiscipline: jump ? entry.fieldDiscipline : null,
      round: entry.round,
      status: imported ? 'imported' : 'upcoming',
      autoCreatedFromTimetable: true,
      timetableKey,
    });
    saved.push({ eventId: id, created: true });
  }
  return saved;
}
