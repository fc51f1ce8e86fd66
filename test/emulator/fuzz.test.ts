import * as net from "node:net";
import { fuzzEmulator } from "../../bench/emulator-fuzz";
import { useEmulator, v2 } from "./helpers";

describe("emulator fuzzing", () => {
  const emu = useEmulator({ allowHttpWebhooks: true });

  it("answers 1,500 random and malformed requests across every route without a 5xx and stays up", async () => {
    const e = emu();
    await v2(e).post("/1/domains", { name: "example.com" });
    const result = await fuzzEmulator(e.url, e.app.routes(), {
      count: 1500,
      seed: 20261122,
      token: e.token,
      v1Header: `${e.email}:${e.v1Token}`,
    });
    expect(result.requests).toBe(1500);
    expect(result.examples).toEqual([]);
    expect(result.serverErrors).toBe(0);
    expect(Object.keys(result.statuses).some((s) => s.startsWith("4"))).toBe(true);
    expect((await v2(e).get("/whoami")).status).toBe(200);
  }, 120_000);

  it("survives garbage on the socket and answers the next request", async () => {
    const e = emu();
    for (const garbage of [
      "NOT HTTP AT ALL\r\n\r\n",
      "GET / HTTP/9.9\r\n\r\n",
      "\u0000\u0001\u0002",
      "POST /v2/1/domains HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n{",
    ]) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(e.port, "127.0.0.1", () => socket.end(garbage));
        socket.on("error", () => resolve());
        socket.on("close", () => resolve());
        socket.resume();
      });
    }
    expect((await v2(e).get("/whoami")).status).toBe(200);
  });
});
