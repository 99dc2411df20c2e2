import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

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
