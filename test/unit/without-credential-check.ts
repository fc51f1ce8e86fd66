// Loaded before the unit project's tests (jest.config.js): they run each kind's `check` without a
// service, as an offline preview does, so the check of credentials (framework/credentials.ts) is
// off. Its own tests turn it on; the integration and e2e projects run it against the emulator.
process.env["DNSIMPLE_VERIFY_CREDENTIALS"] ??= "false";
