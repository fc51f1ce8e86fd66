// Each end-to-end test drives the real engine: several processes per operation.
jest.setTimeout(300_000);
