/** JSON requests to a test server, answered as `{status, body}` so error tests assert the whole body. */

// biome-ignore lint/suspicious/noExplicitAny: wire bodies are asserted field by field.
export type Json = any;

export function jsonCalls(base: () => string) {
  const call = async (
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${base()}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : {
            headers: { "content-type": "application/json" },
            body: typeof body === "string" ? body : JSON.stringify(body),
          }),
    });
    return { status: res.status, body: await res.json() };
  };
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body: unknown) => call("POST", path, body),
    /** A POST that must answer 200: its body, or a throw naming the answer. */
    async postOk(path: string, body: unknown): Promise<Json> {
      const res = await call("POST", path, body);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}
