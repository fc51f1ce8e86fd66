// ESLint flat config: typescript-eslint's recommended rules over the TypeScript sources.
const js = require("@eslint/js");
const tseslint = require("typescript-eslint");

/** Forbids imports of the named folders (anywhere up the tree) from `files`, tests excepted. */
function layer(files, folders, why) {
  const group = folders.flatMap((f) => [`**/${f}`, `**/${f}/**`, `../${f}`, `../${f}/**`]);
  return [
    {
      files,
      ignores: ["**/*.test.ts"],
      rules: { "no-restricted-imports": ["error", { patterns: [{ group, message: why }] }] },
    },
  ];
}

module.exports = tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      ".tools/**",
      ".work/**",
      "coverage/**",
      "**/node_modules/**",
      // Programs written for @pulumi/dnsimple, kept as their authors wrote them (compat tests).
      "test/e2e/compat-programs/**",
      // What the generator test writes for a moment (scripts/sdk-generator/render.test.ts).
      "**/.toy-sdk-*/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The layers: sdk -> provider (the two adapters dynamic/ and plugin/, side by side -> kinds/ ->
  // framework/) -> provider/client; the emulator stands alone (it is the service, not part of the
  // package). Tests may reach across. Nothing in provider/ imports sdk/ (test/unit/layers.test.ts
  // checks the same of require() and import(), which these rules miss).
  // One entry per set of files: a later entry's no-restricted-imports would replace an earlier one.
  ...layer(
    ["emulator/**/*.ts"],
    ["provider", "sdk"],
    "the emulator is the service: independent of the package",
  ),
  ...layer(
    ["provider/client/**/*.ts"],
    [
      "framework",
      "dynamic",
      "kinds",
      "review",
      "generate",
      "plugin",
      "dns",
      "functions",
      "compat",
      "cli",
      "sdk",
      "emulator",
    ],
    "the client is the lowest layer: it knows nothing of the rest of provider/, the SDK or the emulator",
  ),
  ...layer(
    ["provider/framework/**/*.ts"],
    ["kinds", "dynamic", "plugin", "sdk", "emulator"],
    "the framework is what kinds are made of and what both adapters serve: it imports neither",
  ),
  ...layer(
    ["provider/kinds/**/*.ts"],
    ["dynamic", "plugin", "sdk", "emulator"],
    "a kind is served by both adapters alike: it imports neither",
  ),
  ...layer(
    ["provider/dynamic/**/*.ts"],
    ["plugin", "sdk", "emulator"],
    "the two adapters stand side by side: the dynamic providers never import the plugin",
  ),
  ...layer(
    ["provider/plugin/**/*.ts"],
    ["dynamic", "sdk", "emulator"],
    "the two adapters stand side by side: the plugin never imports the dynamic providers",
  ),
  ...layer(
    [
      "provider/review/**/*.ts",
      "provider/generate/**/*.ts",
      "provider/functions/**/*.ts",
      "provider/compat/**/*.ts",
      "provider/cli/**/*.ts",
      "provider/*.ts",
    ],
    ["sdk", "emulator"],
    "provider code runs without the SDK's classes or the emulator",
  ),
  ...layer(
    ["provider/dns/**/*.ts"],
    [
      "framework",
      "dynamic",
      "kinds",
      "review",
      "generate",
      "plugin",
      "client",
      "functions",
      "compat",
      "cli",
      "sdk",
      "emulator",
    ],
    "provider/dns holds what records, names and zone files may be: it needs nothing of the kinds or the client",
  ),
  ...layer(
    ["sdk/**/*.ts"],
    ["emulator", "framework", "kinds", "dynamic", "plugin"],
    "what programs import never loads the emulator, and reaches the provider through its public " +
      "modules (functions/runtime.ts, functions/info.ts, compat/, dns/record-lines.ts), not the framework or the kinds",
  ),
  {
    files: ["**/*.js"],
    languageOptions: {
      sourceType: "commonjs",
      globals: {
        require: "readonly",
        module: "writable",
        process: "readonly",
        __dirname: "readonly",
        console: "readonly",
      },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
