import { useCallback, useEffect, useRef, useState } from 'react';

/** Feedback messages vanish after 3 s. */
export const MESSAGE_MS = 3000;

export function useFlash(): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(null), MESSAGE_MS);
  }, []);
  return [message, show];
}
