/**
 * What a paid domain order's kind takes from `domainOrder`: the refresh of the order by its id, and
 * the proof by charge that an order whose answer was lost went through.
 */
import { NotFoundError, type DnsimpleClient } from "../client";
import { domainOrder } from "./domain-orders";

interface Order {
  id: number;
  state: string;
}

/** A client whose registrar knows `orders` of example.com and whose account was charged `charges`. */
function contextWith(
  orders: Order[],
  charges: Array<{ invoiced_at: string; product: string; domain: string }>,
) {
  const asked: string[] = [];
  const client = {
    registrar: {
      getRenewal: async (account: string, domain: string, id: number) => {
        asked.push(`${account}/${domain}/${id}`);
        const order = orders.find((o) => o.id === id);
        if (!order)
          throw new NotFoundError("not_found", "not found", {
            status: 404,
            method: "GET",
            url: "https://api.test/x",
          });
        return order;
      },
    },
    billing: {
      async *iterateCharges() {
        for (const c of charges)
          yield {
            invoiced_at: c.invoiced_at,
            items: [{ product_type: c.product, product_reference: c.domain }],
          };
      },
    },
  } as unknown as DnsimpleClient;
  return { ctx: { client, account: "1" }, asked };
}

const renewal = domainOrder({
  noun: "renewal",
  productType: "domain-renewal",
  proved: { renewalState: "renewed" },
  get: (client, account, name, id) => client.registrar.getRenewal(account, name, id),
  outputs: (order: Order) => ({ renewalId: order.id, renewalState: order.state }),
});
const mark = { since: new Date("2026-11-01T10:00:00Z") };

describe("domainOrder", () => {
  it("describes the order by the domain as the service spells it", () => {
    expect(renewal.describe({ domain: "Example.COM." })).toBe("the renewal of example.com");
    expect(renewal.normalize.domain("Example.COM.")).toBe("example.com");
  });

  it("refreshes an order by its id, and keeps the state of one proved by a charge or gone", async () => {
    const { ctx, asked } = contextWith([{ id: 7, state: "renewed" }], []);
    expect(await renewal.refresh(ctx, "7", { domain: "Example.com" })).toEqual({
      renewalId: 7,
      renewalState: "renewed",
    });
    expect(asked).toEqual(["1/example.com/7"]);
    expect(await renewal.refresh(ctx, "example.com@2026-11-01T10:00:05Z", { domain: "example.com" })).toBe(
      undefined,
    );
    expect(await renewal.refresh(ctx, "8", { domain: "example.com" })).toBe(undefined);
    expect(asked).toEqual(["1/example.com/7", "1/example.com/8"]);
  });

  it("takes a charge for this product and domain since the attempt as proof, and nothing else", async () => {
    const proved = contextWith(
      [],
      [
        { invoiced_at: "2026-11-01T09:59:00Z", product: "domain-renewal", domain: "example.com" },
        { invoiced_at: "2026-11-01T10:00:03Z", product: "domain-restore", domain: "example.com" },
        { invoiced_at: "2026-11-01T10:00:04Z", product: "domain-renewal", domain: "other.com" },
        { invoiced_at: "2026-11-01T10:00:05Z", product: "domain-renewal", domain: "example.com" },
      ],
    );
    expect(await renewal.proveDone(proved.ctx, { domain: "EXAMPLE.com" }, mark)).toEqual({
      id: "example.com@2026-11-01T10:00:05Z",
      outs: { renewalState: "renewed" },
    });
    const unproved = contextWith(
      [],
      [{ invoiced_at: "2026-11-01T09:59:00Z", product: "domain-renewal", domain: "example.com" }],
    );
    expect(await renewal.proveDone(unproved.ctx, { domain: "example.com" }, mark)).toBe(undefined);
  });
});
