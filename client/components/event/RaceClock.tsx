import { useEffect, useState } from 'react';
import type { LivePayload } from '../../../shared/live/messages.ts';
import { useLiveMessage } from '../../lib/useLive.ts';
import { formatRaceTime } from '../../../shared/athletics/raceTime.ts';

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

/** 9.4 → "9.4", 75.2 → "1:15.2": tenths while running, as a stadium clock shows them. */
function runningClock(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  const minutes = Math.floor(seconds / 60);
  const rest = `${seconds % 60}.${tenths % 10}`;
  return minutes > 0 ? `${minutes}:${rest.padStart(4, '0')}` : rest;
}

/** The finish time as the results will show it: hundredths rounded up (9.572 → 9.58). */
const finishTime = (ms: number) => formatRaceTime((ms / 1000).toFixed(3));

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
        {running ? runningClock(shown) : finishTime(shown)}
      </span>
    </p>
  );
}
