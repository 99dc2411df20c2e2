import { useCallback, useEffect, useState } from "react";

/** Seconds left of a wait that (re)starts whenever `start(seconds)` is called; ticks once a second. */
export function useCountdown(initial: number) {
  const [deadline, setDeadline] = useState(() => (initial > 0 ? Date.now() + initial * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline <= Date.now()) return;
    const t = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= deadline) clearInterval(t);
    }, 250);
    return () => clearInterval(t);
  }, [deadline]);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const start = useCallback((seconds: number) => {
    setNow(Date.now());
    setDeadline(Date.now() + seconds * 1000);
  }, []);
  return { left, start };
}
