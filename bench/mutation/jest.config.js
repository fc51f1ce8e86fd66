// The unit tests (provider/ tests beside the code, and test/unit/), for Stryker's jest runner: pure logic,
// no I/O, so every mutant can run the tests that cover it in a few milliseconds. Its setup files are
// the unit project's own (the test command's jest.config.js), so both run the tests alike.
const unitProject = require("../../jest.config.js").projects.find(
  (project) => project.displayName === "unit",
);

module.exports = {
  rootDir: "../..",
  testEnvironment: "node",
  setupFiles: unitProject.setupFiles,
  // Transpile only: the TypeScript checker already rejects mutants that do not compile.
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json", isolatedModules: true, diagnostics: false }],
  },
  moduleFileExtensions: ["ts", "js", "json"],
  modulePathIgnorePatterns: [
    "<rootDir>/dist/",
    "<rootDir>/.work/",
    "<rootDir>/.tools/",
    "<rootDir>/bench/.runs/",
  ],
  // The tests beside the code and the unit tests of test/unit/ (settings' declarations through
  // both adapters, import ids, credentials, …, which cover the framework too).
  testMatch: ["<rootDir>/provider/**/*.test.ts", "<rootDir>/test/unit/**/*.test.ts"],
  testPathIgnorePatterns: [
    "/node_modules/",
    // These load the build (dist/) or run commands in fresh processes: they cannot see a mutant,
    // and the sandbox has no build.
    "<rootDir>/provider/module-loading.test.ts",
    "<rootDir>/test/unit/doc-snippets.test.ts",
    "<rootDir>/test/unit/package-name-link.test.ts",
    "<rootDir>/test/unit/template-skip-checkpoints.test.ts",
    // It reads the kinds' files as text to find the kinds: a file Stryker instrumented in place
    // no longer reads as a kind's definition, so the initial run would fail.
    "<rootDir>/provider/kinds/kinds-generated.test.ts",
  ],
};
