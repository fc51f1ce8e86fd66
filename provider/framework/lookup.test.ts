/**
 * "Gone" and other refusals, one set of rules for every kind: a 404 is an answer on a read and
 * success on a delete; anything else goes through.
 */
import { ApiError, NotFoundError } from "../client";
import { deleteIgnoringGone, findFirst, hasStatus, orUndefinedWhenGone } from "./lookup";

const error = (status: number) =>
  status === 404
    ? new NotFoundError("not_found", "not found", { status, method: "GET", url: "https://api.test/x" })
    : new ApiError("conflict", `status ${status}`, { status, method: "POST", url: "https://api.test/x" });

describe("lookup rules", () => {
  it("reads undefined for a 404 and passes other failures on", async () => {
    expect(await orUndefinedWhenGone(Promise.resolve(3))).toBe(3);
    expect(await orUndefinedWhenGone(Promise.reject(error(404)))).toBeUndefined();
    await expect(orUndefinedWhenGone(Promise.reject(error(409)))).rejects.toThrow("status 409");
    await expect(orUndefinedWhenGone(Promise.reject(new Error("socket")))).rejects.toThrow("socket");
  });

  it("counts a delete of something gone as done, and passes other failures on", async () => {
    const calls: string[] = [];
    await deleteIgnoringGone(async () => void calls.push("deleted"));
    await deleteIgnoringGone(async () => {
      calls.push("gone");
      throw error(404);
    });
    await expect(deleteIgnoringGone(async () => Promise.reject(error(422)))).rejects.toThrow("status 422");
    expect(calls).toEqual(["deleted", "gone"]);
  });

  it("finds the first match and reads no further", async () => {
    const read: number[] = [];
    async function* items() {
      for (const i of [1, 2, 3, 4]) {
        read.push(i);
        yield i;
      }
    }
    expect(await findFirst(items(), (i) => i % 2 === 0)).toBe(2);
    expect(read).toEqual([1, 2]);
    expect(await findFirst(items(), (i) => i > 9)).toBeUndefined();
  });

  it("tells an API error's status, and nothing else's", () => {
    expect(hasStatus(error(409), 409)).toBe(true);
    expect(hasStatus(error(409), 422)).toBe(false);
    expect(hasStatus(Object.assign(new Error("x"), { status: 409 }), 409)).toBe(false);
  });
});
