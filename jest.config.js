// The projects: unit (pure logic, no I/O), integration (client and emulator over real HTTP on
// 127.0.0.1), e2e (the real Pulumi engine against the emulator), e2e-long (faults, crash recovery,
// skip checkpoints: minutes each) and secret-scan (after the others). The test
// command (scripts/test) runs the first four in one jest run, several files at once, slowest first
// (test/slowest-first.js), then the scan.
const tsJest = ["ts-jest", { tsconfig: "tsconfig.json" }];
const common = {
  testEnvironment: "node",
  // Sets EMULATOR_VERIFY_WRITES: every emulator a test starts checks that each change of state
  // went through a table write (what gets it saved), so a route that forgets fails its tests.
  setupFiles: ["<rootDir>/test/verify-emulator-writes.ts"],
  transform: { "^.+\\.ts$": tsJest },
  moduleFileExtensions: ["ts", "js", "json"],
  modulePathIgnorePatterns: [
    "<rootDir>/dist/",
    "<rootDir>/.work/",
    "<rootDir>/.tools/",
    "<rootDir>/bench/.runs/",
  ],
};
module.exports = {
  testSequencer: "<rootDir>/test/slowest-first.js",
  projects: [
    {
      ...common,
      displayName: "unit",
      setupFiles: [...common.setupFiles, "<rootDir>/test/unit/without-credential-check.ts"],
      testMatch: [
        "<rootDir>/provider/**/*.test.ts",
        "<rootDir>/sdk/**/*.test.ts",
        "<rootDir>/emulator/**/*.test.ts",
        "<rootDir>/test/unit/**/*.test.ts",
        "<rootDir>/scripts/**/*.test.ts",
      ],
    },
    {
      ...common,
      displayName: "integration",
      testMatch: [
        "<rootDir>/test/integration/**/*.test.ts",
        "<rootDir>/test/emulator/**/*.test.ts",
        "<rootDir>/test/client/**/*.test.ts",
        "<rootDir>/test/conformance/**/*.test.ts",
      ],
    },
    {
      ...common,
      displayName: "e2e",
      // Each test drives the real engine (several processes per operation): long timeouts.
      setupFilesAfterEnv: ["<rootDir>/test/e2e/setup.ts"],
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
    },
    {
      ...common,
      displayName: "e2e-long",
      setupFilesAfterEnv: ["<rootDir>/test/e2e/setup-long.ts"],
      testMatch: ["<rootDir>/test/e2e/**/*.long.ts"],
    },
    {
      ...common,
      // The live suite (scripts/test-live): a real account when DNSIMPLE_LIVE_TOKEN is set, else
      // an emulator per file. Its own files and the end-to-end files that need no emulator
      // (test/live/e2e-files.json). Never part of scripts/test.
      displayName: "live",
      setupFilesAfterEnv: ["<rootDir>/test/e2e/setup.ts"],
      testMatch: [
        "<rootDir>/test/live/**/*.live.ts",
        ...require("./test/live/e2e-files.json").runLive.map((file) => `<rootDir>/${file}`),
      ],
    },
    {
      ...common,
      // Runs after the e2e suites (scripts/test): scans what they left for secrets in clear.
      displayName: "secret-scan",
      setupFilesAfterEnv: ["<rootDir>/test/e2e/setup.ts"],
      testMatch: ["<rootDir>/test/e2e/**/*.scan.ts"],
    },
  ],
};
