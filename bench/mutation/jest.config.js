// The unit project alone (provider/ tests beside the code), for Stryker's jest runner: pure logic,
// no I/O, so every mutant can run the tests that cover it in a few milliseconds.
module.exports = {
  rootDir: "../..",
  testEnvironment: "node",
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
  testMatch: ["<rootDir>/provider/**/*.test.ts"],
  testPathIgnorePatterns: [
    "/node_modules/",
    // Loads the build (dist/) in a fresh node: it cannot see a mutant, and the sandbox has no build.
    "<rootDir>/provider/module-loading.test.ts",
  ],
};
