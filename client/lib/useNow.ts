import { useEffect, useState } from 'react';

/** The time now (ms since the epoch), moving on every `everyMs`: for clocks and "ago" texts. */
export function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
