// Loaded by every jest project before its tests (jest.config.js): emulators started in tests, in
// process or as child processes, check that each change of state went through a table write.
process.env["EMULATOR_VERIFY_WRITES"] = "1";
