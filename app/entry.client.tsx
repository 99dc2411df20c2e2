import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Remix's client awaits the prefetch of a route's style links after calling the route's action or
// loader, before it takes the answer: one that redirects (every sign-in does) or throws a Response
// rejects meanwhile, and the browser reports that as an unhandled rejection although the router
// handles it a moment later. A Response is only ever Remix's own answer, so it is not an error.
addEventListener("unhandledrejection", (e) => {
  if (e.reason instanceof Response) e.preventDefault();
});

// A deferred component the server rendered into this page is loaded first, so React hydrates the
// server's HTML instead of replacing it (app/components/ui/deferred.tsx).
void Promise.all(globalThis.__beforeHydration ?? []).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
