import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes are grouped by area in `+` folders (app/routes/admin+/jobs.tsx is /admin/jobs); a folder
  // whose name starts with "_" adds no URL segment (app/routes/_auth+/login.tsx is /login).
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"] }),
  serverModuleFormat: "esm",
  // PGlite must stay unbundled: bundled, it cannot find pglite.data / pglite.wasm at run time.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    // Deliberately off (and so no start-up warning): the app, its /api contract tests and its
    // security layer speak Remix v2's `?_data=` data requests; single fetch is a migration of its own.
    v3_singleFetch: false,
  },
};
