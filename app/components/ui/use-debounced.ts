import { useCallback, useEffect, useRef } from "react";
import { SEARCH_DEBOUNCE_MS } from "#db/constants";

/**
 * One pending call at a time (the search boxes' "350 ms after the last keystroke", spec §9):
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
