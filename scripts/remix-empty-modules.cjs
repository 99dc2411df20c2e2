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
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload for a CommonJS tool */
const fs = require("node:fs");
const path = require("node:path");
const emptyModules = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js");
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

const original = emptyModules.emptyModulesPlugin;
emptyModules.emptyModulesPlugin = function emptyModulesPlugin(ctx, filter, ...rest) {
  const plugin = original(ctx, filter, ...rest);
  // The browser compiler's instance is the one that empties `.server` modules.
  const browser = SINGLE_FETCH_OFF && String(filter) === String(/\.server(\.[jt]sx?)?$/);
  return {
    ...plugin,
    setup(build) {
      if (browser) {
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
