import { useEffect, useState } from "react";

/**
 * False during the server render and the first client render, true afterwards: controls that only
 * work with JavaScript (show/hide toggles, countdowns, disabled-until-complete buttons) appear or
 * switch on only once they can work, so the page stays usable without JavaScript.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
