import { useState } from 'react';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import { isScratched } from '../../shared/athletics/eventDisplay.ts';
import { progressText } from '../../shared/meet/completeness.ts';

const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/** The sentence for what an update changed on the page, or null when it is nothing to say. */
function noticeFor(before: PublicEvent, after: PublicEvent): string | null {
  if (isScratched(after.status)) {
    return isScratched(before.status) ? null : 'Scratched: this event will not take place.';
  }
  // What each shows, by the rule every screen follows (shared/meet/shown.ts).
  const was = before.shown;
  const now = after.shown;
  if (now === was) {
    const listArrived = now === 'startList' && before.startListFile.length === 0;
    return listArrived ? `Start list published: ${entries(after.startListFile.length)}.` : null;
  }
  switch (now) {
    case 'results':
      // An event marked imported (edit required) shows its file's results too.
      return `${after.status === 'official' ? 'Official results' : 'Results'} are in: ${entries(after.results.length)}.`;
    case 'live':
      return after.progress
        ? `Unofficial results are coming in: ${progressText(after.progress)}.`
        : 'Unofficial results are coming in from the finish camera.';
    case 'startList':
      return after.startListFile.length > 0
        ? `Start list published: ${entries(after.startListFile.length)}.`
        : null;
    case 'none':
      return null;
  }
}

/**
 * One sentence for a polite live region when an update that reached the open event page
 * changes what it shows: a start list published, the finish camera's lines starting, the
 * official results arriving, the event scratched. Never the table itself, and nothing for
 * each new line of the finish camera or for a correction (useCorrectionNotice says those).
 */
export function useResultsNotice(event: PublicEvent): string {
  const [shown, setShown] = useState(event);
  const [notice, setNotice] = useState('');
  if (shown !== event) {
    // Adjusted while rendering (React's way to follow a prop), so the words come with the rows.
    setShown(event);
    if (shown.id !== event.id) setNotice('');
    else {
      const next = noticeFor(shown, event);
      if (next !== null) setNotice(next);
    }
  }
  return notice;
}
