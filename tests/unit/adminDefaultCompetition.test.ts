import { describe, expect, it } from 'vitest';
import { adminDefaultCompetition } from '../../shared/adminDefaultCompetition.ts';

const today = '2026-06-14';
let uic = 0;
const competition = (
  competitionName: string,
  date: string | null,
  flags: { visible?: boolean; liveNow?: boolean } = {},
) => ({
  uic: ++uic,
  competitionName,
  date,
  visible: flags.visible ?? true,
  liveNow: flags.liveNow ?? false,
});

const draftFarAhead = competition('Autumn draft', '2026-11-01', { visible: false });
const lastMonth = competition('May Open', '2026-05-10');
const lastWeek = competition('June Sprints', '2026-06-07');
const nextWeek = competition('Midsummer Meet', '2026-06-21');
const nextMonth = competition('July Games', '2026-07-12');
const todays = competition('Saturday League', today);
const liveNow = competition('Leinster Championships', '2026-06-13', { liveNow: true });
const undated = competition('Club Trials', null);

const pick = (...list: ReturnType<typeof competition>[]) =>
  adminDefaultCompetition(list, today)?.competitionName ?? null;

describe('the competition the admin console opens on', () => {
  it('is the one happening now, even when a hidden draft is dated later', () => {
    expect(pick(draftFarAhead, lastMonth, nextMonth, todays, liveNow, undated)).toBe(
      'Leinster Championships',
    );
  });

  it("is today's when none is live now", () => {
    expect(pick(draftFarAhead, lastWeek, nextWeek, todays)).toBe('Saturday League');
  });

  it('is the next upcoming published one, not the newest-dated draft', () => {
    expect(pick(draftFarAhead, lastMonth, nextMonth, nextWeek, undated)).toBe('Midsummer Meet');
  });

  it('is the most recent published one when nothing is ahead', () => {
    expect(pick(draftFarAhead, lastMonth, lastWeek)).toBe('June Sprints');
  });

  it('prefers an undated published competition to a past one', () => {
    expect(pick(lastWeek, undated)).toBe('Club Trials');
  });

  it('falls back to drafts only when nothing is published, in the same order', () => {
    const pastDraft = competition('Old draft', '2026-01-01', { visible: false });
    const liveDraft = competition('Hidden live', '2025-12-01', { visible: false, liveNow: true });
    expect(pick(pastDraft, draftFarAhead)).toBe('Autumn draft');
    // A hidden competition is not "happening now" to anyone: the most recent draft wins.
    expect(pick(liveDraft, pastDraft)).toBe('Old draft');
    expect(pick(pastDraft, liveDraft, lastMonth)).toBe('May Open');
  });

  it('is nothing for a club without competitions', () => {
    expect(adminDefaultCompetition([], today)).toBeNull();
  });
});
