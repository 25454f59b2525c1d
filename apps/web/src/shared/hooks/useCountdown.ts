import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a moment set by `start`, ticking once a second (e.g. before a mailed code may be asked for
 * again). Counted from the end time, not by decrements, so a throttled background tab still shows the truth.
 */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) {
      return;
    }
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) {
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + seconds * 1000);
  }, []);
  return { left: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
