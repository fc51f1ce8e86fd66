// The longer end-to-end suite of issue 7 (faults, crash recovery, every bad input through the
// engine): minutes each; `bash scripts/test` runs it after the e2e suite. Alone:
//   npx tsc -p tsconfig.build.json && npx jest -c test/e2e/jest.long.config.js --runInBand
module.exports = {
  rootDir: "../..",
  displayName: "e2e-long",
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }] },
  moduleFileExtensions: ["ts", "js", "json"],
  modulePathIgnorePatterns: [
    "<rootDir>/dist/",
    "<rootDir>/.work/",
    "<rootDir>/.tools/",
    "<rootDir>/bench/.runs/",
  ],
  setupFilesAfterEnv: ["<rootDir>/test/e2e/setup.ts"],
  testMatch: ["<rootDir>/test/e2e/**/*.long.ts"],
  testTimeout: 900_000,
};
