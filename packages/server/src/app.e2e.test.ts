import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { createTestApp, serveForTests } from "./_test/test-app.js";
import { silentLogger, useTestDatabase } from "./_test/test-database.js";
import { type AppDeps, createApp } from "./app.js";
import type { Database } from "./db/database.js";
import { loadSpecDocument } from "./spec-document.js";

/** The real spec plus one parameterised probe operation, to drive the request validator. */
function specWithProbe(): AppDeps["spec"] {
  const spec = loadSpecDocument();
  spec.paths["/probe/{height}"] = {
    get: {
      operationId: "probe",
      parameters: [
        { name: "height", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
        { name: "pagination.limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 1000 } },
      ],
      responses: { "200": { description: "ok" } },
    },
  };
  return spec;
}

/** A pool whose every query throws something that is not a connection problem: a bug. */
const brokenDb: Pick<Database, "pool"> = {
  pool: {
    query: async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'secret_internal_detail')");
    },
  } as unknown as Database["pool"],
};

describe("closing an app", () => {
  it("stops every timer it started: a chain removed or rebuilt by `weft serve --chains` leaves none", () => {
    vi.useFakeTimers();
    try {
      const before = vi.getTimerCount();
      const app = createTestApp({ db: brokenDb });
      expect(vi.getTimerCount()).toBeGreaterThan(before);
      app.close();
      expect(vi.getTimerCount()).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("error envelope", () => {
  const database = useTestDatabase();
  const url = serveForTests(() => createTestApp({ db: database().db, spec: specWithProbe() }));

  it("answers a validator error with 400 naming the parameter", async () => {
    const res = await fetch(`${url()}/probe/5?pagination.limit=1001`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      code: 3,
      message: "invalid pagination.limit: must be <= 1000",
      details: [{ field: "query.pagination.limit", description: "must be <= 1000" }],
    });
  });

  it("names a bad path parameter", async () => {
    const res = await fetch(`${url()}/probe/abc`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 3,
      message: "invalid height: must be integer",
      details: [{ field: "path.height", description: "must be integer" }],
    });
  });

  it("answers a path parameter that is not valid percent-encoding with a 400 naming it", async () => {
    const res = await fetch(`${url()}/probe/%ZZ`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 3,
      message: "invalid height: not a valid percent-encoded path segment",
      details: [{ field: "path.height", description: "is not valid percent-encoding" }],
    });
  });

  it("answers an unknown route with a JSON 404", async () => {
    const res = await fetch(`${url()}/no/such/route`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 5,
      message: "no route for GET /no/such/route; see /docs for the operations this server serves",
      details: [],
    });
  });

  it("answers an unsupported method with 405 and Allow", async () => {
    const res = await fetch(`${url()}/health`, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expect(await res.json()).toEqual({
      code: 12,
      message: "method DELETE is not allowed on /health; allowed: GET, HEAD",
      details: [],
    });
  });

  // Bodies are read only for operations that take one (a body sent to GET-only /health gets its 405).
  it("answers a malformed JSON body with 400", async () => {
    const res = await fetch(`${url()}/v2/tx/track`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; message: string; details: unknown[] };
    expect(body.code).toBe(3);
    expect(body.message).toMatch(/^invalid request body: /);
    expect(body.details).toHaveLength(1);
  });

  it("answers an oversized body with 413", async () => {
    const res = await fetch(`${url()}/v2/tx/track`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(300_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 8,
      message: "request body is too large",
      details: [{ field: "body", description: "request entity too large" }],
    });
  });

  it("echoes a sane x-request-id and makes one up otherwise", async () => {
    const mine = await fetch(`${url()}/health`, { headers: { "x-request-id": "abc-123" } });
    expect(mine.headers.get("x-request-id")).toBe("abc-123");
    const made = await fetch(`${url()}/health`, { headers: { "x-request-id": "bad id with spaces" } });
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends CORS headers", async () => {
    const res = await fetch(`${url()}/health`, { headers: { origin: "https://scan.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("unknown errors", () => {
  const logged: string[] = [];
  const url = serveForTests(() =>
    createTestApp({
      db: brokenDb,
      // A real pino logger writing into memory, to prove the cause is logged.
      logger: pino({ level: "error" }, { write: (line: string) => logged.push(line) }),
    }),
  );

  it("answers a thrown error with a 500 that hides internals, and logs the cause", async () => {
    const res = await fetch(`${url()}/ready`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 2, message: "internal server error", details: [] });
    expect(text).not.toContain("secret_internal_detail");
    expect(logged.join("\n")).toContain("secret_internal_detail");
  });
});

describe("an app built without a chain", () => {
  const database = useTestDatabase();
  // No devnet chain made up: it serves what `weft serve` serves before any chain is known.
  const url = serveForTests(() =>
    createApp({ db: database().db, logger: silentLogger, spec: loadSpecDocument() }),
  );

  it("answers /status as a server that knows no chain yet", async () => {
    const res = await fetch(`${url()}/status`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 14,
      message:
        "no block indexed yet: nothing has been ingested into this database (start `weft ingest` on it)",
      details: [],
    });
  });
});
