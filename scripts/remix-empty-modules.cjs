// Preloaded by scripts/build.mjs into `remix build` (node -r): the browser build replaces every
// `.server` module and @remix-run/node with an empty module, but esbuild cannot know an empty
// module has no side effects, so each one became a 0-byte shared chunk that every page fetched
// (~10 extra requests a page). This marks them side-effect free, so esbuild drops the
// imports nothing in the browser uses. Wraps @remix-run/dev's own plugin; nothing else changes.
//
// It also leaves turbo-stream out of the browser build: Remix's client imports it for
// single fetch only, which this app keeps off (remix.config.js, `v3_singleFetch: false`), yet every
// page paid for it (~1.4 KB gzipped). The stand-in throws if it is ever called, so turning single
// fetch on without removing this fails loudly instead of quietly. For the same reason Remix's own
// single-fetch module (@remix-run/react's single-fetch.js: its data strategy, URL and stream helpers,
// ~1 KB gzipped), whose every use in the browser is behind `future.v3_singleFetch`, gets the same
// stand-in.
//
// And it keeps the frame in one chunk (ADR 148). esbuild puts a module in the chunk of the set of
// entries that reach it, so each module of the root that a route or a lazily loaded module also
// imports (error page, notices, modal, names, …) was a small file of its own, compressed alone, on
// every page. Every page loads the root anyway, so every browser entry but entry.client reaches
// root.tsx too (an unused `__frame` export): all the root reaches is one chunk. React and Remix,
// which entry.client also reaches, keep a chunk each (one file together gzips 0.7 KB larger):
// a `vendor-react` entry, never loaded, reaches React alone.
//
// Last, a small module without module-level state that a route imports (PRIVATE, and the stylesheets
// under app/styles) is the route's own copy: resolved with a `?route=` suffix, so each route's chunk
// holds it, tree-shaken for that route, instead of a shared file of a few hundred bytes.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload for a CommonJS tool */
const fs = require("node:fs");
const path = require("node:path");
const emptyModules = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js");
const routeModules = require("@remix-run/dev/dist/compiler/js/plugins/routes.js");
/* eslint-enable @typescript-eslint/no-require-imports */

const remixConfig = fs.readFileSync(path.join(__dirname, "..", "remix.config.js"), "utf8");
const SINGLE_FETCH_OFF = /v3_singleFetch:\s*false/.test(remixConfig);
const TURBO_STREAM_STUB = `function off() {
  throw new Error("turbo-stream is left out of the browser build while v3_singleFetch is off (scripts/remix-empty-modules.cjs)");
}
export { off as decode, off as encode };`;
const SINGLE_FETCH_STUB = `function off() {
  throw new Error("Remix's single fetch is left out of the browser build while v3_singleFetch is off (scripts/remix-empty-modules.cjs)");
}
export { off as StreamTransfer, off as decodeViaTurboStream, off as getSingleFetchDataStrategy, off as singleFetchUrl };`;

// Small modules without module-level state that routes import: each route keeps its own copy.
const PRIVATE = new Set([
  "db/board-values.ts",
  "app/components/ui/save-data.ts",
  "app/components/ui/use-debounced.ts",
  "app/models/job/job.text.ts",
  "app/models/job/job.board.ts",
  "app/lib/format.ts",
  "app/models/user/messages.ts",
  "app/components/ui/course-options.tsx",
  "app/components/ui/plain-field.tsx",
  "app/components/ui/field-label.tsx",
  "app/components/ui/field.tsx",
  "app/components/ui/char-counter.tsx",
  "app/components/auth/password-input.tsx",
  "app/components/forms/fields.tsx",
  "app/components/jobs/job-card.tsx",
  "app/components/jobs/apply-button.tsx",
  "app/components/jobs/save-job-button.tsx",
  "app/components/jobs/company-logo.tsx",
  "app/components/jobs/job-facts.tsx",
  "app/components/forms/form-state.ts",
  "app/lib/datetime.ts",
  "db/constants.ts",
  "app/models/survey/survey.rules.ts",
  "app/components/survey/survey-answer-form.tsx",
  "app/components/layout/stylesheet.ts",
  "app/models/file/image-rules.ts",
  "app/components/auth/accept-terms-field.tsx",
]);

const frameExport = (ctx) =>
  `\nexport { meta as __frame } from ${JSON.stringify(path.join(ctx.config.appDirectory, "root.tsx"))};`;

const originalRoutes = routeModules.browserRouteModulesPlugin;
routeModules.browserRouteModulesPlugin = function browserRouteModulesPlugin(ctx, ...rest) {
  const plugin = originalRoutes(ctx, ...rest);
  return {
    ...plugin,
    setup(build) {
      plugin.setup({
        ...build,
        onLoad: (options, callback) =>
          build.onLoad(options, async (a) => {
            const result = await callback(a);
            return result?.contents?.startsWith("export ") && !a.path.startsWith("root.")
              ? { ...result, contents: result.contents + frameExport(ctx) }
              : result;
          }),
      });
    },
  };
};

const original = emptyModules.emptyModulesPlugin;
emptyModules.emptyModulesPlugin = function emptyModulesPlugin(ctx, filter, ...rest) {
  const plugin = original(ctx, filter, ...rest);
  // The browser compiler's instance is the one that empties `.server` modules.
  const browser = String(filter) === String(/\.server(\.[jt]sx?)?$/);
  return {
    ...plugin,
    setup(build) {
      if (browser) {
        // First, so that React's chunk keeps the order of its modules (it gzips smaller).
        build.initialOptions.entryPoints = {
          "vendor-react": "vendor-react",
          ...build.initialOptions.entryPoints,
        };
        build.onResolve({ filter: /^vendor-react$/ }, () => ({
          path: "react",
          namespace: "vendor",
        }));
        build.onLoad({ filter: /.*/, namespace: "vendor" }, () => ({
          contents: 'import "react/jsx-runtime"; import "react-dom";',
          resolveDir: ctx.config.appDirectory,
        }));
        // A module the app loads with import() is an entry too: a stand-in re-exports it and the root.
        build.onResolve({ filter: /.*/ }, async (a) => {
          if (a.kind !== "dynamic-import" || a.pluginData === "frame") return undefined;
          if (!a.importer.startsWith(ctx.config.appDirectory)) return undefined;
          const { importer, resolveDir, kind } = a;
          const r = await build.resolve(a.path, {
            importer,
            resolveDir,
            kind,
            pluginData: "frame",
          });
          return r.errors.length ? r : { path: r.path, namespace: "frame-entry" };
        });
        build.onLoad({ filter: /.*/, namespace: "frame-entry" }, (a) => {
          const from = JSON.stringify(a.path);
          const hasDefault = /^export default /m.test(fs.readFileSync(a.path, "utf8"));
          return {
            contents: `export * from ${from};${hasDefault ? `export { default } from ${from};` : ""}${frameExport(ctx)}`,
            resolveDir: path.dirname(a.path),
            loader: "js",
          };
        });
        const routesDir = path.join(ctx.config.appDirectory, "routes") + path.sep;
        // A small module on PRIVATE's list that a route imports is the route's own: each route
        // gets its copy (path + suffix) in its chunk instead of a shared file of a few hundred bytes.
        build.onResolve({ filter: /.*/ }, async (a) => {
          if (a.pluginData?.private === true || a.kind !== "import-statement") return undefined;
          const key =
            a.pluginData?.route ??
            (a.importer.startsWith(routesDir) ? path.relative(routesDir, a.importer) : null);
          if (!key) return undefined;
          const { importer, resolveDir, kind } = a;
          const r = await build.resolve(a.path, {
            importer,
            resolveDir,
            kind,
            pluginData: { private: true },
          });
          if (r.errors.length || r.namespace !== "file") return r.errors.length ? r : undefined;
          const file = path.relative(path.dirname(ctx.config.appDirectory), r.path);
          if (!PRIVATE.has(file) && !/^app\/styles\/.*\.css$/.test(file)) return undefined;
          return { path: r.path, suffix: `?route=${key}`, pluginData: { route: key } };
        });
        build.onLoad({ filter: /\.[jt]sx?$/ }, (a) =>
          a.suffix?.startsWith("?route=")
            ? {
                contents: fs.readFileSync(a.path, "utf8"),
                loader: path.extname(a.path).slice(1),
                resolveDir: path.dirname(a.path),
                pluginData: a.pluginData,
              }
            : undefined,
        );
      }
      if (browser && SINGLE_FETCH_OFF) {
        build.onResolve({ filter: /^turbo-stream$/ }, () => ({
          path: "turbo-stream",
          namespace: "turbo-stream-off",
          sideEffects: false,
        }));
        build.onLoad({ filter: /.*/, namespace: "turbo-stream-off" }, () => ({
          contents: TURBO_STREAM_STUB,
          loader: "js",
        }));
        build.onResolve({ filter: /^\.\/single-fetch\.js$/ }, (args) =>
          /@remix-run[\\/]react[\\/]dist[\\/]esm[\\/]/.test(args.importer)
            ? { path: "single-fetch", namespace: "single-fetch-off", sideEffects: false }
            : undefined,
        );
        build.onLoad({ filter: /.*/, namespace: "single-fetch-off" }, () => ({
          contents: SINGLE_FETCH_STUB,
          loader: "js",
        }));
      }
      plugin.setup({
        ...build,
        onResolve(options, callback) {
          return build.onResolve(options, (a) => {
            const result = callback(a);
            return result && result.namespace === "empty-module"
              ? { ...result, sideEffects: false }
              : result;
          });
        },
        onLoad: build.onLoad.bind(build),
      });
    },
  };
};
