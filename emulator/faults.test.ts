import { Faults, RateLimiter, parseFaultConfig, parseRateLimit } from "./faults";
import { paginate, sortRows } from "./listing";
import { Router } from "./router";

describe("fault decisions", () => {
  it("injects nothing without a config, and only on matching routes up to count", () => {
    const f = new Faults();
    expect(f.decide("GET", "/v2/whoami")).toEqual({ kind: "none" });
    f.configure(parseFaultConfig({ rate: 1, kinds: ["503"], routes: "^POST ", count: 2 }));
    expect(f.decide("GET", "/v2/whoami")).toEqual({ kind: "none" });
    expect(f.decide("POST", "/v2/1/domains")).toMatchObject({ kind: "status", status: 503 });
    expect(f.decide("POST", "/v2/1/domains")).toMatchObject({ kind: "status", status: 503 });
    expect(f.decide("POST", "/v2/1/domains")).toEqual({ kind: "none" });
  });

  it("repeats the same sequence for the same seed and differs for another", () => {
    const run = (seed: number): string[] => {
      const f = new Faults();
      f.configure(parseFaultConfig({ rate: 0.5, kinds: ["429", "drop", "latency"], seed }));
      return Array.from({ length: 50 }, () => f.decide("GET", "/x").kind);
    };
    expect(run(3)).toEqual(run(3));
    expect(run(3)).not.toEqual(run(4));
  });

  it("rejects configs it cannot honour", () => {
    expect(() => parseFaultConfig({ rate: -0.1 })).toThrow(/rate/);
    expect(() => parseFaultConfig({ kinds: [] })).toThrow(/kinds/);
    expect(() => parseFaultConfig({ routes: "(" })).toThrow(/regular expression/);
    expect(() => parseRateLimit({ limit: 1.5 })).toThrow(/limit/);
  });
});

describe("rate limiter", () => {
  it("counts per key and resets when the window ends", () => {
    const r = new RateLimiter();
    r.configure({ limit: 2, windowSeconds: 10 });
    expect(r.take("a", 0)).toMatchObject({ allowed: true, remaining: 1, reset: 10 });
    expect(r.take("a", 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(r.take("a", 2)).toMatchObject({ allowed: false, remaining: 0 });
    expect(r.take("b", 2).allowed).toBe(true);
    expect(r.take("a", 10_000)).toMatchObject({ allowed: true, remaining: 1 });
  });
});

describe("listing and routing", () => {
  it("paginates with the service's defaults and caps per_page at 100", () => {
    const rows = Array.from({ length: 205 }, (_, i) => i);
    const body = (q: string): any => paginate(new URLSearchParams(q), rows, (x) => x).body;
    expect(body("").pagination).toEqual({
      current_page: 1,
      per_page: 30,
      total_entries: 205,
      total_pages: 7,
    });
    expect(body("per_page=1000&page=3").data).toEqual([200, 201, 202, 203, 204]);
    expect(() => body("page=abc")).toThrow(/Invalid pagination/);
  });

  it("sorts by several fields and refuses unknown ones", () => {
    const rows = [
      { id: 1, name: "b" },
      { id: 2, name: "a" },
      { id: 3, name: "b" },
    ];
    const fields = { id: (r: { id: number }) => r.id, name: (r: { name: string }) => r.name };
    const ids = (sort: string): number[] =>
      sortRows(new URLSearchParams(`sort=${sort}`), rows, fields, "id").map((r) => r.id);
    expect(ids("name:asc,id:desc")).toEqual([2, 3, 1]);
    expect(ids("name")).toEqual([2, 1, 3]);
    expect(() => ids("color")).toThrow(/Invalid sorting field/);
    expect(() => ids("id:up")).toThrow(/Invalid sorting direction/);
  });

  it("prefers literal segments over parameters and tells 405 from 404", () => {
    const r = new Router<string>();
    r.add("GET", "/v2/:account/domains/:domain", "get");
    r.add("GET", "/v2/:account/domains/research/status", "research");
    expect(r.match("GET", "/v2/1/domains/research/status")).toMatchObject({ handler: "research" });
    expect(r.match("GET", "/v2/1/domains/x.com")).toMatchObject({
      handler: "get",
      params: { account: "1", domain: "x.com" },
    });
    expect(r.match("POST", "/v2/1/domains/x.com")).toBe("method-not-allowed");
    expect(r.match("GET", "/v2/1/nothing")).toBeNull();
    expect(r.match("GET", "/v2/1/domains/%E0%A4%A")).toBeNull();
  });
});
