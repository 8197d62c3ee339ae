import { useState } from 'react';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import {
  correctionSummary,
  resultChanges,
  shownResults,
  venueClock,
} from '../../shared/results/corrections.ts';

/** What a correction that reached an open page changed: the rows to mark and one sentence. */
export interface CorrectionNotice {
  /** The athletes (athleteKey) whose rows changed or were added. */
  keys: ReadonlySet<string>;
  /** Which correction: a row marked again by a later one is marked afresh. */
  correctedAt: string | null;
  /** "Results corrected at 14:03: Anna Byrne: 24.89 → 25.01", for a polite live region. */
  announcement: string;
}

const NONE: CorrectionNotice = { keys: new Set(), correctedAt: null, announcement: '' };

/**
 * What changed when a newer correction of the event reached the page (pushed, or fetched
 * again), worked out by the shared rule (shared/results/corrections.ts) from what the page
 * showed before. Only for results the page shows as results: the scoreboard's lines change
 * all the time and are never corrections. A page opened after the correction marks nothing.
 */
export function useCorrectionNotice(event: PublicEvent): CorrectionNotice {
  const [shown, setShown] = useState(event);
  const [notice, setNotice] = useState(NONE);
  if (shown !== event) {
    // Adjusted while rendering (React's way to follow a prop), so the marks come with the rows.
    setShown(event);
    if (shown.id !== event.id) setNotice(NONE);
    else if (
      event.correctedAt !== null &&
      event.correctedAt !== shown.correctedAt &&
      event.shown === 'results'
    ) {
      const changes = resultChanges(shownResults(shown), shownResults(event), event.eventType);
      const rows = changes.flatMap((c) =>
        c.type === 'athlete' && c.change !== 'removed' ? [c.key] : [],
      );
      const summary = correctionSummary(changes);
      setNotice({
        keys: new Set(rows),
        correctedAt: event.correctedAt,
        announcement: `Results corrected at ${venueClock(event.correctedAt)}${summary ? `: ${summary}` : '.'}`,
      });
    }
  }
  return notice;
}
