/**
 * False during server rendering and hydration, true afterwards. Components render their no-JS
 * markup first (identical on server and client, so hydration matches) and switch to the enhanced
 * markup once React runs.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
