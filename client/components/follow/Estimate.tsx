import type { ShownEstimate } from '../../../shared/schedule/venue.ts';
import { parseEventTime } from '../../../shared/athletics/eventTime.ts';

/**
 * "≈ 14:32 · running 12 min late" under a time, while the event is still to start. Beside
 * the timetable's `time`, only when it says something the time does not (a later heat, a
 * meet running late or early).
 */
export function Estimate({
  estimate,
  time,
}: {
  estimate: ShownEstimate | undefined;
  time?: string | null;
}) {
  if (!estimate?.text) return null;
  if (time !== undefined && parseEventTime(time) === parseEventTime(estimate.estimatedStart)) {
    return null;
  }
  const onTime = estimate.lateMinutes !== null && Math.abs(estimate.lateMinutes) < 2;
  return (
    <span className={`estimate${onTime ? ' is-on-time' : ''}`}>
      <span className="visually-hidden">Estimated start </span>
      {estimate.text}
    </span>
  );
}
