import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import { roundLabels, verticalJumps } from '../../shared/domain.ts';
import { athleteResult, venueClock } from '../../shared/results/corrections.ts';
import { heatLabel } from '../../shared/athletics/heats.ts';
import { formatWind } from '../../shared/athletics/wind.ts';
import { formatAttempt } from '../../shared/athletics/performance.ts';
import { cellAtHeight, performanceKind, seriesHeights } from '../../shared/resultColumns.ts';
import { recordNotes } from '../../shared/athletics/bests/flags.ts';
import { formatCompetitionDate } from '../../shared/competitionList.ts';
import { competitionClock } from '../../shared/entries.ts';
import { measuresWind } from '../athletics/windEvents.ts';
import type { ExchangeCompetition } from '../competitions/queries.ts';
import type { ExchangeEventRow } from '../events/exchange.ts';
import type { ResultsPdf, ResultsPdfEvent, ResultsPdfRow } from './pdfDocument.ts';

/**
 * The official results sheet of events as the public sees them (results once shown, else the
 * unofficial lines, marked provisional), each mark as the results table shows it.
 */

const QUALIFIED_NOTE = 'Q: qualified by place. q: qualified by time.';

function pdfRow(
  row: AthleteRow,
  event: ExchangeEventRow,
  series: { kind: ResultsPdfEvent['kind']; heights: string[]; windy: boolean },
): ResultsPdfRow {
  const shown = athleteResult(row, event.eventType);
  const codes = [
    row.qualified ?? null,
    shown.mark !== null ? shown.code : null,
    ...(row.flags ?? []),
  ].filter((code): code is string => code !== null && code !== '');
  const trials =
    series.kind === 'vertical'
      ? series.heights.map((height) => formatAttempt(cellAtHeight(row, height), true) || null)
      : series.kind === 'horizontal'
        ? (row.attempts ?? []).map((cell) => formatAttempt(cell, false) || null)
        : undefined;
  return {
    place: shown.place === null ? '' : String(shown.place),
    bib: row.bib ?? '',
    name: row.name,
    club: row.club ?? '',
    mark: shown.mark ?? shown.code ?? '',
    // A gauge's reading means nothing where the rules measure no wind (a 1500 m, a relay).
    wind: series.windy ? formatWind(row.windspeed ?? null) : '',
    codes: [...new Set(codes)].join(' '),
    ...(trials && trials.some((t) => t !== null) ? { trials } : {}),
  };
}

function pdfEvent(event: ExchangeEventRow): ResultsPdfEvent {
  const official = event.results.length > 0 && event.status === 'official';
  const rows = event.results.length > 0 ? event.results : (event.live?.rows ?? []);
  const vertical =
    (event.fieldDiscipline !== null && verticalJumps.includes(event.fieldDiscipline)) ||
    rows.some((row) => (row.heights?.length ?? 0) > 0);
  const kind: ResultsPdfEvent['kind'] =
    event.eventType !== 'JUMP' ? 'track' : vertical ? 'vertical' : 'horizontal';
  const heights = kind === 'vertical' ? seriesHeights(rows) : [];
  const windy = measuresWind(event);
  const wind = windy ? formatWind(event.windSpeed) : '';
  const notes = recordNotes(rows, performanceKind(event.eventType)).map((note) => note.text);
  if (rows.some((row) => row.qualified)) notes.push(QUALIFIED_NOTE);
  if (rows.length === 0) notes.push('No results yet.');
  return {
    title: event.eventName,
    subtitle: [
      event.round === 'unknown' ? null : roundLabels[event.round],
      heatLabel(event),
      event.time,
    ]
      .filter(Boolean)
      .join(' · '),
    status: official ? 'Official' : 'Provisional',
    lastChange: `Last change ${venueClock(event.correctedAt ?? event.updatedAt)}`,
    wind: wind === '' ? null : `${wind} m/s`,
    kind,
    ...(kind === 'vertical' ? { heights } : {}),
    rows: rows.map((row) => pdfRow(row, event, { kind, heights, windy })),
    notes,
  };
}

export function resultsPdf(
  competition: ExchangeCompetition,
  events: readonly ExchangeEventRow[],
  now: Date,
): ResultsPdf {
  const { date } = competitionClock(now);
  return {
    competition: {
      name: competition.competitionName,
      club: competition.clubName,
      date: formatCompetitionDate(competition.date) ?? '',
      venue: competition.location,
    },
    madeAt: `${formatCompetitionDate(date) ?? date} ${venueClock(now)}`,
    events: events.map(pdfEvent),
  };
}
