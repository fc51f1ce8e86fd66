/**
 * Raw HTTP to the emulator for the extended end-to-end tests: changes "behind Pulumi's back" and
 * the admin surface. Independent of the provider's client on purpose.
 */
import { request } from "undici";

export interface Answer {
  status: number;
  body: any;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function call(
  url: string,
  method: Method,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const response = await request(url, {
    method,
    headers: {
      accept: "application/json",
      ...headers,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.body.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.statusCode, body: parsed };
}

/** v2 API as one token. */
export function v2(baseUrl: string, token: string) {
  return (method: Method, path: string, body?: unknown) =>
    call(`${baseUrl}${path}`, method, { authorization: `Bearer ${token}` }, body);
}

/** v1 API with `X-Service-Token`. */
export function v1(baseUrl: string, email: string, token: string) {
  return (method: Method, path: string, body?: unknown) =>
    call(
      `${baseUrl}${path}`,
      method,
      { "x-dnsimple-token": `${email}:${token}`, "x-service-token": `${email}:${token}` },
      body,
    );
}

/** The emulator's admin API; throws on errors. */
export function admin(url: string) {
  return async (method: Method, path: string, body?: unknown): Promise<any> => {
    const answer = await call(`${url}/__admin${path}`, method, {}, body);
    if (answer.status >= 400)
      throw new Error(`admin ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
}

/** Types of the resources in an exported state, by name. */
export function resourcesOf(
  exported: string,
): Array<{ type: string; urn: string; id?: string; outputs?: any; inputs?: any }> {
  return JSON.parse(exported).deployment.resources ?? [];
}

export function findResource(exported: string, name: string) {
  return resourcesOf(exported).find((r) => r.urn.endsWith(`::${name}`));
}
