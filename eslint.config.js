import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

const noServerImports = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: ["**/*.server", "**/*.server.*", "**/*.server/**"],
          allowTypeImports: true,
          message:
            "Components and the widget must not import *.server modules: the classic compiler silently empties them in the browser bundle.",
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "public/widget.js",
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
  { files: ["app/components/**", "widget/**"], rules: noServerImports },
);
