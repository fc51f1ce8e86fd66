/**
 * The one rule for a change whose answer was lost (`settleLostAnswer`): read back what it would
 * have made, take it when found, send again only while the budget lasts, and never settle twice
 * what an inner change already settled as far as it could.
 */
import { ApiConnectionError, createStatusError } from "../client/internal";
import { settleLostAnswer } from "./ownership";
import { configureRuntime, resetRuntime } from "./runtime";
import { stackConfig } from "../../test/stack-config";

const lost = () => new ApiConnectionError("socket hang up", { method: "POST", url: "https://api.test/x" });

/** A change that fails as `script` says, then succeeds; and a log of what was done. */
function change(script: Array<"lost" | "refused">) {
  const log: string[] = [];
  const send = async () => {
    log.push("send");
    const step = script.shift();
    if (step === "lost") throw lost();
    if (step === "refused")
      throw createStatusError({ status: 400, method: "POST", url: "https://api.test/x", body: {} });
    return "answer";
  };
  return { send, log };
}

beforeEach(() => configureRuntime(stackConfig({ account: "1", maxRetries: "1" })));
afterAll(() => resetRuntime());

describe("a change whose answer was lost", () => {
  it("is read back, and what the read-back finds is its answer: nothing is sent again", async () => {
    const { send, log } = change(["lost"]);
    const answer = await settleLostAnswer(send, async () => (log.push("read back"), "found"));
    expect(answer).toBe("found");
    expect(log).toEqual(["send", "read back"]);
  });

  it("is sent again while the read-back finds nothing, and read back after the last attempt too", async () => {
    const twice = change(["lost", "lost"]);
    await expect(settleLostAnswer(twice.send, async () => void twice.log.push("read back"))).rejects.toThrow(
      /socket hang up/,
    );
    expect(twice.log).toEqual(["send", "read back", "send", "read back"]);

    const once = change(["lost"]);
    expect(await settleLostAnswer(once.send, async () => void once.log.push("read back"))).toBe("answer");
    expect(once.log).toEqual(["send", "read back", "send"]);
  });

  it("reports its own failure when the read-back fails too", async () => {
    const { send } = change(["lost"]);
    await expect(settleLostAnswer(send, () => Promise.reject(new Error("read-back failed")))).rejects.toThrow(
      /socket hang up/,
    );
  });

  it("is not settled again when an inner change settled it as far as it could", async () => {
    const inner = change(["lost", "lost"]);
    const outerLog: string[] = [];
    const outer = () => settleLostAnswer(inner.send, async () => void inner.log.push("inner read back"));
    await expect(settleLostAnswer(outer, async () => void outerLog.push("outer read back"))).rejects.toThrow(
      /socket hang up/,
    );
    expect(inner.log).toEqual(["send", "inner read back", "send", "inner read back"]);
    expect(outerLog).toEqual([]);
  });

  it("is the only failure settled: a refusal is thrown as it is, with no read-back", async () => {
    const { send, log } = change(["refused"]);
    await expect(settleLostAnswer(send, async () => void log.push("read back"))).rejects.toMatchObject({
      status: 400,
    });
    expect(log).toEqual(["send"]);
  });
});
