/**
 * The read path of issue 5 with the real engine against the emulator (a child process):
 * - `refresh_300_api_calls`: `pulumi refresh` of 300 email forwards on one domain (plus the
 *   domain), API calls counted in the emulator's request log (goal at most 10);
 * - `up_100_under_rate_limit_ok`: `pulumi up` of 100 mixed resources with the emulator's rate
 *   limit at 60 requests per 5 s window converges with every object exactly once (1) or not (0).
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/read-path.js
 */
import {
  type Declaration,
  census,
  createStack,
  mixedProgram,
  spawnEmulator,
} from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-read-path-token-c3d9";

async function refresh300(): Promise<{ calls: number; byRoute: Record<string, number>; ms: number }> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  try {
    const declarations: Declaration[] = [
      { type: "Domain", name: "domain", args: { name: "refresh-bench.com" } },
      ...Array.from({ length: 300 }, (_, i) => ({
        type: "EmailForward",
        name: `fwd${i}`,
        args: {
          domain: { $ref: "domain.name" },
          aliasName: `alias${i}`,
          destinationEmail: `d${i}@example.org`,
        },
      })),
    ];
    await stack.declare(declarations);
    await stack.cli(["up", "--yes", "--skip-preview"]);
    await emulator.clearRequests();
    const started = Date.now();
    await stack.cli(["refresh", "--yes", "--skip-preview"]);
    const ms = Date.now() - started;
    const requests = await emulator.requests();
    const byRoute: Record<string, number> = {};
    for (const r of requests) {
      const route = `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, "/:id")}`;
      byRoute[route] = (byRoute[route] ?? 0) + 1;
    }
    return { calls: requests.length, byRoute, ms };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

async function upUnderRateLimit(): Promise<{
  ok: boolean;
  code: number;
  ms: number;
  requests: number;
  limited: number;
  missing: number;
  duplicates: number;
}> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  try {
    const program = mixedProgram("ratelimit", 100);
    await stack.declare(program.declarations);
    await emulator.admin.call("PUT", "/rate-limit", { limit: 60, windowSeconds: 5 });
    const started = Date.now();
    const { code } = await stack.cli(["up", "--yes", "--skip-preview"], { allowFailure: true });
    const ms = Date.now() - started;
    const requests = await emulator.requests();
    await emulator.admin.call("DELETE", "/rate-limit");
    const result = await census(emulator, 1, program);
    return {
      ok: code === 0 && result.missing.length === 0 && result.duplicates.length === 0,
      code,
      ms,
      requests: requests.length,
      limited: requests.filter((r) => r.status === 429).length,
      missing: result.missing.length,
      duplicates: result.duplicates.length,
    };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const refresh = await refresh300();
  console.log(`refresh of 300 forwards: ${refresh.calls} API calls in ${refresh.ms} ms`, refresh.byRoute);
  const limited = await upUnderRateLimit();
  console.log("up of 100 under a rate limit of 60 per 5 s:", limited);
  recordResults(
    "read-path",
    { refresh_300_api_calls: refresh.calls, up_100_under_rate_limit_ok: limited.ok ? 1 : 0 },
    {
      title: "Read path: refresh cost and rate limits",
      command: "npx tsc -p tsconfig.build.json && node dist/bench/read-path.js",
      body:
        `| figure | value |\n|---|---|\n| refresh_300_api_calls | ${refresh.calls} |\n` +
        `| up_100_under_rate_limit_ok | ${limited.ok ? 1 : 0} |\n\n` +
        "**Refresh:** one domain and 300 email forwards created with `pulumi up`, the request log " +
        `cleared, then \`pulumi refresh --yes\` (${refresh.ms} ms). API calls by route: ` +
        `${Object.entries(refresh.byRoute)
          .map(([route, count]) => `\`${route}\` ${count}`)
          .join(", ")}. Goal: at most 10.\n\n` +
        "**Rate limit:** `pulumi up` of 100 mixed resources (`mixedProgram` in " +
        "`test/e2e/reliability-lib.ts`) with the emulator's budget at 60 requests per 5 s window: " +
        `exit ${limited.code} in ${limited.ms} ms, ${limited.requests} requests of which ${limited.limited} ` +
        `answered 429; afterwards ${limited.missing} objects missing and ${limited.duplicates} duplicated.`,
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
