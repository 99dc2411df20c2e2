import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * The layers, one way (docs/architecture.md): db/ ← app/lib ← app/models ← the doors (app/routes
 * with app/web, cli/, widget/); components import models' pure modules and types only. Each arrow
 * that must never exist is a lint error here; tests/lint/boundaries.test.ts proves every one fires.
 * Tests may import anything. `import type` is always allowed (it leaves no code behind).
 */
const boundary = (message, group) => ({ group, message, allowTypeImports: true });
const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const SERVER_ONLY = boundary(
  "Components and the widget must not import *.server modules: the classic compiler silently empties them in the browser bundle.",
  ["**/*.server", "**/*.server.*", "**/*.server/**"],
);
const NO_TESTS = boundary("Application code never imports the tests.", ["**/tests/**"]);
const DOORS = ["~/web/**", "~/routes/**", "**/app/web/**", "**/app/routes/**", "**/cli/**"];
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "tests/**"];
export const layers = [
  {
    files: ["db/**/*.ts"],
    ignores: TESTS,
    rules: restrict(
      boundary("db/ is the bottom layer: it imports nothing from app/, cli/ or tests/.", [
        "~/**",
        "**/app/**",
        "**/cli/**",
        "**/tests/**",
      ]),
    ),
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: restrict(
      boundary("app/lib is infrastructure: it imports db/ and app/lib only.", [
        "~/models/**",
        "~/components/**",
        "**/app/models/**",
        "**/app/components/**",
        "../models/**",
        "../components/**",
        ...DOORS,
      ]),
      NO_TESTS,
    ),
  },
  {
    files: ["app/models/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: restrict(
      boundary(
        "Models hold the rules and SQL: they never import the doors (web helpers, routes, CLI) or components.",
        ["~/components/**", "**/app/components/**", ...DOORS],
      ),
      boundary(
        "Models receive configuration from the doors (a ctx or an argument such as AuthConfig); they never read env().",
        ["~/lib/env.server", "**/lib/env.server", "../lib/env.server", "../../lib/env.server"],
      ),
      NO_TESTS,
    ),
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: restrict(
      SERVER_ONLY,
      boundary(
        "Components import models' schemas, pure modules and types, never the doors.",
        DOORS,
      ),
      NO_TESTS,
    ),
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/web/**/*.{ts,tsx}", "app/*.{ts,tsx}"],
    ignores: TESTS,
    rules: restrict(NO_TESTS),
  },
  {
    files: ["cli/**/*.ts"],
    ignores: [...TESTS, "cli/testing.ts"],
    rules: restrict(
      boundary(
        "The CLI is a door beside the screens: it uses models and lib, never routes, web helpers or components.",
        [
          "~/web/**",
          "~/routes/**",
          "~/components/**",
          "**/app/web/**",
          "**/app/routes/**",
          "**/app/components/**",
        ],
      ),
      NO_TESTS,
    ),
  },
  {
    files: ["widget/src/**/*.{ts,tsx}"],
    rules: restrict(
      SERVER_ONLY,
      boundary(
        "The widget ships alone: from the app it may import only pure app/lib modules and db/constants.",
        [
          "~/**",
          "**/app/models/**",
          "**/app/web/**",
          "**/app/routes/**",
          "**/app/components/**",
          "**/cli/**",
        ],
      ),
    ),
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "public/widget.js",
      "public/sw.js",
      "public/sw-register.js",
      "node_modules/**",
      "data/**",
      "tests/.tmp/**",
      "test-results/**",
      "playwright-report/**",
      "db/migrations/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // npm test runs eslint with --max-warnings=0: an `any` needs a declared escape (a disable
      // comment that says why).
      "@typescript-eslint/no-explicit-any": "warn",
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: true },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  ...layers,
);
