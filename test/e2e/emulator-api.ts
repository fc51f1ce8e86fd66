/**
 * Talks to the emulator directly, the way a person changing things behind Pulumi's back would:
 * raw HTTP, independent of the provider's client.
 */
import { request } from "undici";

export interface ApiAnswer {
  status: number;
  body: any;
}

export function emulatorApi(baseUrl: string, token: string) {
  async function call(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer> {
    const response = await request(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: text ? JSON.parse(text) : undefined };
  }
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body?: unknown) => call("POST", path, body ?? {}),
    put: (path: string, body?: unknown) => call("PUT", path, body ?? {}),
    delete: (path: string) => call("DELETE", path),
    /** All items of a paginated v2 list. */
    async list(path: string): Promise<any[]> {
      const items: any[] = [];
      for (let page = 1; ; page++) {
        const sep = path.includes("?") ? "&" : "?";
        const answer = await call("GET", `${path}${sep}page=${page}&per_page=100`);
        if (answer.status !== 200)
          throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        items.push(...answer.body.data);
        if (!answer.body.pagination || page >= answer.body.pagination.total_pages) return items;
      }
    },
  };
}

/** The emulator's admin surface (outside the API). */
export function emulatorAdmin(url: string) {
  async function call(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) {
    const response = await request(`${url}/__admin${path}`, {
      method,
      headers: body !== undefined ? { "content-type": "application/json" } : {},
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.body.text();
    if (response.statusCode >= 400)
      throw new Error(`admin ${method} ${path}: ${response.statusCode} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
  return {
    call,
    requests: (): Promise<Array<{ method: string; path: string; status: number }>> =>
      call("GET", "/requests"),
    clearRequests: () => call("DELETE", "/requests"),
  };
}
