/**
 * A small segment router: patterns like `/v2/:account/domains/:domain`, literal segments win over
 * parameters, and a path known under another method is a 405.
 *
 * @example
 *   const r = new Router<Handler>();
 *   r.add("GET", "/v2/:account/domains/:domain", getDomain);
 *   r.match("GET", "/v2/1/domains/example.com"); // { handler, params: { account: "1", domain: "example.com" } }
 */
export interface RouteMatch<H> {
  handler: H;
  params: Record<string, string>;
  /** The pattern that matched, e.g. `GET /v2/:account/domains/:domain`. */
  route: string;
}

interface Route<H> {
  method: string;
  pattern: string;
  segments: string[];
  handler: H;
  specificity: number[];
}

/** Method + path to handler lookup. */
export class Router<H> {
  private readonly bySize = new Map<number, Route<H>[]>();

  add(method: string, pattern: string, handler: H): this {
    const segments = pattern.split("/").filter((s) => s !== "");
    const route: Route<H> = {
      method,
      pattern,
      segments,
      handler,
      specificity: segments.map((s) => (s.startsWith(":") ? 0 : 1)),
    };
    const list = this.bySize.get(segments.length) ?? [];
    list.push(route);
    list.sort((a, b) => {
      for (let i = 0; i < a.specificity.length; i++) {
        const d = (b.specificity[i] ?? 0) - (a.specificity[i] ?? 0);
        if (d !== 0) return d;
      }
      return 0;
    });
    this.bySize.set(segments.length, list);
    return this;
  }

  /** The handler for `method path`, `"method-not-allowed"` when only other methods match, or null. */
  match(method: string, path: string): RouteMatch<H> | "method-not-allowed" | null {
    const parts = path.split("/").filter((s) => s !== "");
    const list = this.bySize.get(parts.length);
    if (list === undefined) return null;
    let otherMethod = false;
    for (const route of list) {
      const params = matchSegments(route.segments, parts);
      if (params === null) continue;
      if (route.method !== method) {
        otherMethod = true;
        continue;
      }
      return { handler: route.handler, params, route: `${route.method} ${route.pattern}` };
    }
    return otherMethod ? "method-not-allowed" : null;
  }

  /** Every registered `METHOD pattern`, for documentation and tests. */
  routes(): string[] {
    return [...this.bySize.values()].flat().map((r) => `${r.method} ${r.pattern}`);
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const v = parts[i] as string;
    if (p.startsWith(":")) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(v);
      } catch {
        return null;
      }
      params[p.slice(1)] = decoded;
    } else if (p !== v) {
      return null;
    }
  }
  return params;
}
