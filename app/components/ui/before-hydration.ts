/**
 * What the browser loads before React hydrates the page: the code of deferred components the
 * server rendered into it (app/components/ui/deferred.tsx). Apart from deferred.tsx so that every
 * page's entry carries only this much.
 */
const pending: Promise<unknown>[] = [];

/** Holds hydration until `load` has settled (a failure is left to the component's render). */
export function loadBeforeHydration(load: Promise<unknown>): void {
  pending.push(load.catch(() => undefined));
}

/** Settles when everything registered so far has (entry.client awaits it). */
export function beforeHydration(): Promise<unknown> {
  return Promise.all(pending);
}
