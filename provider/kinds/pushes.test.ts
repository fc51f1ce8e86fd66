import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";
import { domainPushResource } from "./domain-push";
import { domainPushAnswerResource } from "./domain-push-answer";

const push = toDynamicProvider(domainPushResource);
const answer = toDynamicProvider(domainPushAnswerResource);

useAccount("1");

describe("DomainPush", () => {
  it("check names domain and targetAccount", async () => {
    const { failures } = await push.check!({}, { domain: "not valid", targetAccount: " " });
    expect((failures ?? []).map((f) => f.property).sort()).toEqual(["domain", "targetAccount"]);
    expect((await push.check!({}, { domain: UNKNOWN, targetAccount: UNKNOWN })).failures).toEqual([]);
  });

  it("diff: case-insensitive; another domain or target replaces", async () => {
    const state = { domain: "example.com", targetAccount: "ops@example.org", pushId: 1, accountId: "1" };
    expect(await push.diff!("1", state, { domain: "Example.com", targetAccount: "OPS@example.org" })).toEqual(
      {
        changes: false,
      },
    );
    expect((await push.diff!("1", state, { ...state, targetAccount: "b@example.org" })).replaces).toEqual([
      "targetAccount",
    ]);
  });
});

describe("DomainPushAnswer", () => {
  it("check requires contactId to accept, not to reject", async () => {
    expect((await answer.check!({}, { pushId: 3 })).failures).toEqual([
      { property: "contactId", reason: expect.stringMatching(/required to accept/) },
    ]);
    expect((await answer.check!({}, { pushId: 3, accept: false })).failures).toEqual([]);
    expect((await answer.check!({}, { pushId: "x", accept: false })).failures).toEqual([
      { property: "pushId", reason: expect.any(String) },
    ]);
  });

  it("diff: any change replaces (an answer is final)", async () => {
    const state = { account: "2", pushId: "3", accept: true, contactId: "5", accountId: "2" };
    expect(await answer.diff!("3", state, { account: "2", pushId: 3, accept: true, contactId: 5 })).toEqual({
      changes: false,
    });
    expect((await answer.diff!("3", state, { ...state, contactId: "6" })).replaces).toEqual(["contactId"]);
  });
});
