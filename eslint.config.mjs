// ESLint for the repository's JavaScript (the phone app, pwa/): `make lint` runs it through
// scripts/eslint.sh, which installs the pinned ESLint into node_modules/ (gitignored) on first use.
// ESLint's recommended rules (undefined names, unused variables, unreachable code ...) and a few
// more that catch real bugs; none is about layout.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "bench/.npm/", "bench/out/"] },
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: ["error", "always"],
      "array-callback-return": "error",
      "no-constructor-return": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-promise-executor-return": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-throw-literal": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-unused-expressions": "error",
      // a name used in its own scope before its `let`/`const`/`class` line (a TDZ error at run time)
      "no-use-before-define": ["error", { functions: false, classes: false, variables: false }],
      "prefer-const": "error",
      "no-var": "error",
      // window's properties that a forgotten declaration would silently read
      "no-restricted-globals": ["error", "event", "name", "status", "length", "top", "parent", "origin", "closed"],
    },
  },
  {
    // classic scripts: the service worker, and the page's inline early script (api/views/pwa.py)
    files: ["pwa/sw.js", "pwa/early.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser, ...globals.serviceworker } },
  },
];
