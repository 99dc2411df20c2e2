/**
 * A component whose code is not part of its page's JavaScript: the profile's edit form
 * brings conform (~10 KB gzipped) that the profile page itself never needs. Usage:
 *
 *   const ProfileForm = deferred("profile-form", () =>
 *     import("~/components/profile/profile-form").then((m) => m.ProfileForm),
 *   );
 *   <Link onPointerEnter={ProfileForm.preload} onFocus={ProfileForm.preload}>Edit</Link>
 *   {editing ? <ProfileForm {...props} fallback={<p>Loading…</p>} /> : null}
 *
 * Where it renders:
 * - **On the server** the code is loaded when the server starts (`deferredReady()`, awaited by
 *   entry.server before the first render), so the page is rendered whole, as before.
 * - **On a page the server rendered with it** (`/profile?edit`, or a failed save without
 *   JavaScript) the browser loads the code before it hydrates: entry.client awaits
 *   `globalThis.__beforeHydration`, filled while the route modules load. The server's HTML is hydrated as usual, never
 *   replaced. (A React.lazy boundary left dehydrated would be thrown away and rendered again when
 *   its code came — what the user typed meanwhile lost — because the router updates right after
 *   hydration: Remix's route discovery. ADR 108.)
 * - **When it appears later** (Edit Profile, a client navigation) it is a `React.lazy` in a
 *   `Suspense` with the given fallback, and `preload()` fetches it ahead, on hover or focus.
 *
 * The wrapper `<div class="deferred" data-deferred=…>` (display: contents) is how the browser
 * sees that the server rendered it. With `{ marker }`, a selector of something the component
 * itself renders (`"#report form"`), there is no wrapper: the server's HTML is the component's
 * alone, and a loaded component renders without a Suspense boundary (the job pages, ADR 143).
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";

declare global {
  /** Loads that hold hydration (entry.client): a global, so that no module of its own is on every page. */
  var __beforeHydration: Promise<unknown>[] | undefined;
}

const onServer = typeof document === "undefined";
const serverLoads: Promise<unknown>[] = [];

/** The server's deferred components, all loaded (entry.server awaits it before rendering). */
export function deferredReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}

export type Deferred<P> = ComponentType<P & { fallback?: ReactNode }> & { preload: () => void };

export function deferred<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
  { marker }: { marker?: string } = {},
): Deferred<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => {
        loading = null; // offline or a new deployment: the next render or preload tries again
        throw e;
      },
    ));
  if (onServer) serverLoads.push(start());
  else if (document.querySelector(marker ?? `[data-deferred="${id}"]`))
    (globalThis.__beforeHydration ??= []).push(start().catch(() => undefined));
  const Lazy = lazy(() => start().then((c) => ({ default: c })));

  function DeferredComponent({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    // Chosen once per instance: switching from Lazy to the loaded component on a later render
    // would be a different element type, so React would remount it and lose its state.
    const [C] = useState(() => (loaded ?? Lazy) as ComponentType<P>);
    if (marker && C !== (Lazy as unknown)) return <C {...(props as P)} />;
    const suspended = (
      <Suspense fallback={fallback}>
        <C {...(props as P)} />
      </Suspense>
    );
    if (marker) return suspended;
    return (
      <div className="deferred" data-deferred={id}>
        {suspended}
      </div>
    );
  }
  DeferredComponent.displayName = `Deferred(${id})`;
  return Object.assign(DeferredComponent, {
    preload: () => void start().catch(() => undefined),
  });
}
