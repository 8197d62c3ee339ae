import { useEffect, useState } from 'react';
import type { LivePayload } from '../../../shared/live/messages.ts';
import { useLiveMessage } from '../../lib/useLive.ts';

/** A running clock is re-sent every second: silence this long means the race is over or gone. */
const RUNNING_QUIET_MS = 5_000;
/** A stopped time stays up a little while the photo is read. */
const STOPPED_SHOWN_MS = 30_000;

interface Clock {
  state: LivePayload<'event.clock'>['state'];
  elapsedMs: number;
  /** When it arrived, on this page's own clock (the phone's time of day may be off). */
  receivedAt: number;
}

/**
 * 9.4 → "9.4", 75.2 → "1:15.2": tenths while running, as a stadium clock shows them; the
 * finish time in hundredths, as it was taken.
 */
function formatClock(ms: number, decimals: 1 | 2): string {
  const unit = decimals === 1 ? 100 : 10;
  const parts = Math.floor(ms / unit);
  const seconds = Math.floor(parts / (1000 / unit));
  const minutes = Math.floor(seconds / 60);
  const fraction = String(parts % (1000 / unit)).padStart(decimals, '0');
  const rest = `${seconds % 60}.${fraction}`;
  return minutes > 0 ? `${minutes}:${rest.padStart(3 + decimals, '0')}` : rest;
}

/**
 * The heat's race clock while it is run, from the finish camera: it ticks on the phone between
 * the messages, so a second's message is enough. Hidden when no race is on.
 */
export function RaceClock({ eventId }: { eventId: string }) {
  const [clock, setClock] = useState<Clock | null>(null);
  const [now, setNow] = useState(() => performance.now());
  useLiveMessage('event.clock', (payload) => {
    if (payload.eventId !== eventId) return;
    setClock({ state: payload.state, elapsedMs: payload.elapsedMs, receivedAt: performance.now() });
  });
  const running = clock?.state === 'running';
  useEffect(() => {
    if (clock === null) return;
    const timer = setInterval(() => setNow(performance.now()), running ? 100 : 1_000);
    return () => clearInterval(timer);
  }, [clock, running]);

  if (clock === null) return null;
  const since = Math.max(0, now - clock.receivedAt);
  if (since > (running ? RUNNING_QUIET_MS : STOPPED_SHOWN_MS)) return null;
  const shown = running ? clock.elapsedMs + since : clock.elapsedMs;
  return (
    <p className={`ev-race-clock ${running ? 'is-running' : 'is-stopped'}`}>
      <span className="ev-race-clock-label">{running ? 'Race on' : 'Finish time'}</span>{' '}
      <span role="timer" aria-live="off" className="ev-race-clock-time">
        {formatClock(shown, running ? 1 : 2)}
      </span>
    </p>
  );
}
