/**
 * Test helpers: a started emulator plus small fetch wrappers that return status, headers and body.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";

export interface Res {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** Sends a request; `body` objects are JSON-encoded, strings are sent as they are. */
export async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Res> {
  const headers: Record<string, string> = { accept: "application/json", ...(init.headers ?? {}) };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(url, {
    method: init.method ?? "GET",
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  let parsed: any = undefined;
  if (text !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** A client bound to one emulator and one credential. */
export interface Client {
  get(path: string): Promise<Res>;
  post(path: string, body?: unknown): Promise<Res>;
  put(path: string, body?: unknown): Promise<Res>;
  patch(path: string, body?: unknown): Promise<Res>;
  del(path: string): Promise<Res>;
}

/** v2 client with a bearer token (or any Authorization header). */
export function v2(emu: RunningEmulator, token = emu.token, authHeader?: string): Client {
  const headers = { authorization: authHeader ?? `Bearer ${token}` };
  return client(emu.v2Url, headers);
}

/** v1 client with `X-Service-Token: email:token`. */
export function v1(emu: RunningEmulator, email = emu.email, token = emu.v1Token): Client {
  return client(emu.v1Url, { "x-service-token": `${email}:${token}` });
}

/** Client for the admin surface. */
export function admin(emu: RunningEmulator): Client {
  return client(`${emu.url}/__admin`, {});
}

export function client(base: string, headers: Record<string, string>): Client {
  const call = (method: string) => (path: string, body?: unknown) =>
    request(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  return {
    get: call("GET"),
    post: call("POST"),
    put: call("PUT"),
    patch: call("PATCH"),
    del: call("DELETE"),
  };
}

/** Starts an emulator on a free port for the duration of a test file. */
export function useEmulator(options: EmulatorOptions = {}): () => RunningEmulator {
  let emu: RunningEmulator | undefined;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, ...options });
  });
  afterAll(async () => {
    await emu?.close();
  });
  beforeEach(() => {
    emu?.reset();
  });
  return () => {
    if (emu === undefined) throw new Error("emulator not started");
    return emu;
  };
}

/** Polls `fn` until it returns true or `timeoutMs` passes. */
export async function waitFor(
  fn: () => Promise<boolean> | boolean,
  timeoutMs = 3000,
  stepMs = 10,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Adds a second account with its own token through the admin surface. */
export async function addAccount(emu: RunningEmulator, id: number, token: string): Promise<void> {
  const res = await admin(emu).post("/accounts", { id, email: `owner${id}@example.com`, token });
  if (res.status !== 201) throw new Error(`admin accounts: ${res.status} ${res.text}`);
}
