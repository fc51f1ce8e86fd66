import { waitFor } from "./support";

describe("waitFor", () => {
  it("returns as soon as the value is done", async () => {
    let n = 0;
    const result = await waitFor(
      async () => ++n,
      (v) => v >= 3,
      1000,
      1,
    );
    expect(result).toEqual({ value: 3, finished: true });
  });

  it("gives up after the timeout with the last value", async () => {
    const started = Date.now();
    const result = await waitFor(
      async () => "pending",
      (v) => v === "done",
      50,
      10,
    );
    expect(result).toEqual({ value: "pending", finished: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
