import { useCallback, useEffect, useRef } from "react";

/** The search boxes run 350 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * One pending call at a time (the search boxes' "350 ms after the last keystroke", the product spec's business constants):
 * `schedule` replaces the pending call, `cancel` drops it. The pending call is dropped on unmount
 * and whenever `resetKey` changes (so a late search cannot undo a navigation started meanwhile).
 */
export function useDebounced(resetKey?: unknown) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const schedule = useCallback((fn: () => void, delay: number = SEARCH_DEBOUNCE_MS) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, delay);
  }, []);
  useEffect(() => cancel, [cancel, resetKey]);
  return { schedule, cancel };
}
