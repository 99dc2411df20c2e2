// Preloaded by scripts/build.mjs into `remix build` (node -r): the browser build replaces every
// `.server` module and @remix-run/node with an empty module, but esbuild cannot know an empty
// module has no side effects, so each one became a 0-byte shared chunk that every page fetched
// (~10 extra requests a page). This marks them side-effect free, so esbuild drops the
// imports nothing in the browser uses. Wraps @remix-run/dev's own plugin; nothing else changes.
"use strict";
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload for a CommonJS tool
const emptyModules = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js");

const original = emptyModules.emptyModulesPlugin;
emptyModules.emptyModulesPlugin = function emptyModulesPlugin(...args) {
  const plugin = original(...args);
  return {
    ...plugin,
    setup(build) {
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
