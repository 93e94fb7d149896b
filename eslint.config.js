import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Server code (the repository's server/ and any *.server module) must never reach the browser. A route reaches it
 * only through the *.server.ts beside it, which React Router refuses to bundle for the client; components, client
 * state and client libraries do not import it at all (README, "Where server code may be imported").
 */
const serverModule = /^(\.\.\/)+server(\/|$)|\.server(\.[jt]sx?)?$/;
const serverOnlyMessage =
  "Server-only code: a component, client state or client library gets server data from a route's loader, whose server imports live in the *.server.ts beside the route.";
const serverDirectory = /^(\.\.\/)+server(\/|$)/;
const throughServerFileMessage =
  "A route imports server code through the *.server.ts beside it (app/routes/<route>.server.ts, app/root.server.ts).";
/**
 * Infrastructure (server/db, mail, images, payments, http, jobs) serves the domains and never imports one, nor the
 * edge (server/edge, server/api) that speaks HTTP for them (decision 0050): what it needs of a domain is passed in.
 */
const INFRASTRUCTURE = ["db", "mail", "images", "payments", "http", "jobs"];
const outsideInfrastructure = new RegExp(`^\\.\\./(?!(${INFRASTRUCTURE.join("|")})/)[a-z-]+/`);
const infrastructureMessage =
  "Infrastructure never imports a domain or the edge (decision 0050): pass in what it needs, or keep the shared constant in infrastructure.";
// esquery ends a regular expression at any "/", escaped or not.
const inSelector = (pattern) => pattern.source.replaceAll("\\/", "\\x2F");

/** Refuses static and dynamic imports matching `pattern`. */
const refuseImports = (pattern, message) => ({
  "no-restricted-imports": ["error", { patterns: [{ regex: pattern.source, message }] }],
  "no-restricted-syntax": ["error", { selector: `ImportExpression[source.value=/${inSelector(pattern)}/]`, message }],
});

export default tseslint.config(
  { ignores: [".scratch*", "build/", "build-*/", "data/", ".react-router/", "test-results/", "playwright-report/", "bench-results/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // A promise nobody awaits rejects unhandled, and Node ends the process on an unhandled rejection (decision 0040).
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
  },
  {
    files: [".dependency-cruiser.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable" } },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/state/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: refuseImports(serverModule, serverOnlyMessage),
  },
  {
    files: INFRASTRUCTURE.map((folder) => `server/${folder}/**/*.ts`),
    ignores: ["**/*.test.ts"],
    rules: refuseImports(outsideInfrastructure, infrastructureMessage),
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: ["**/*.server.ts"],
    rules: refuseImports(serverDirectory, throughServerFileMessage),
  },
);
