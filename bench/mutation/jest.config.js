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
    // Counts conversions in the source files as they are on disk, which Stryker rewrites in place
    // with a copy of each mutated expression: it would count the copies, and it kills no mutant.
    "<rootDir>/provider/resources/typed-definitions.test.ts",
  ],
};
