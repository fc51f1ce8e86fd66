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
  // The layers: sdk -> provider (functions, plugin, … -> resources) -> provider/client; the emulator stands alone (it is
  // the service, not part of the package). Tests may reach across.
  ...layer(
    ["emulator/**/*.ts"],
    ["provider", "sdk"],
    "the emulator is the service: independent of the package",
  ),
  ...layer(
    ["provider/client/**/*.ts"],
    ["resources", "review", "generate", "plugin", "dns", "functions", "compat", "cli", "sdk", "emulator"],
    "the client is the lowest layer: it knows nothing of the rest of provider/, the SDK or the emulator",
  ),
  // Every folder of provider/ but the client (above): nothing in provider/ imports sdk/
  // (test/unit/layers.test.ts checks the same of require() and import(), which this rule misses).
  ...layer(
    [
      "provider/resources/**/*.ts",
      "provider/review/**/*.ts",
      "provider/generate/**/*.ts",
      "provider/plugin/**/*.ts",
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
    ["resources", "review", "generate", "plugin", "client", "functions", "compat", "cli", "sdk", "emulator"],
    "provider/dns holds what records, names and zone files may be: it needs nothing of the kinds or the client",
  ),
  // One entry per set of files: a later entry's no-restricted-imports would replace an earlier one.
  ...layer(
    ["sdk/**/*.ts"],
    ["emulator", "resources/framework"],
    "what programs import never loads the emulator, and uses provider/resources' public modules " +
      "(index.ts, settings.ts), not the framework inside",
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
