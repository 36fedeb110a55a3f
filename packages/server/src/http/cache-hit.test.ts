/**
 * A cache hit is the first answer written again, before routing: same status, body bytes and
 * length, `x-cache: hit`, the operation's route label for metrics, CORS headers, and no handler
 * call. No database: the listener and operation router in front of a counting handler.
 */
import { describe, expect, it } from "vitest";
import { serveListener } from "../_test/listener-server.js";
import type { OperationHandlers } from "../api/operation.js";
import { loadSpecDocument } from "../spec-document.js";
import type { Exchange } from "./exchange.js";
import { createOperationRouter } from "./operations.js";
import { createResponseCache } from "./response-cache.js";

let calls = 0;
const handlers: OperationHandlers = {
  // A multi-byte character, so Content-Length (bytes) differs from the string's length.
  getBlock: (input) => {
    calls++;
    return { block: { height: input.path.height, hash: `é${calls}` } } as never;
  },
};
const routes: (string | undefined)[] = [];
const base = serveListener(() => {
  const cache = createResponseCache();
  return {
    operations: createOperationRouter(loadSpecDocument(), handlers, {
      cache: { cache, ttlMs: () => 60_000 },
    }),
    observers: [(_req, exchange: Exchange) => routes.push(exchange.route)],
  };
});

const read = async (url: string, method = "GET") => {
  const res = await fetch(url, { method });
  return {
    status: res.status,
    cache: res.headers.get("x-cache"),
    length: res.headers.get("content-length"),
    cors: res.headers.get("access-control-allow-origin"),
    body: await res.text(),
  };
};

describe("a response cache hit", () => {
  it("is the first answer's bytes, without calling the handler again", async () => {
    calls = 0;
    routes.length = 0;
    const first = await read(`${base()}/indexer/block/v1/blocks/7`);
    const second = await read(`${base()}/indexer/block/v1/blocks/7`);
    expect(first).toEqual({
      status: 200,
      cache: "miss",
      length: String(Buffer.byteLength(first.body)),
      cors: "*",
      body: '{"block":{"height":"7","hash":"é1"}}',
    });
    expect(second).toEqual({ ...first, cache: "hit" });
    expect(calls).toBe(1);
    // Metrics label the hit with the operation's route, not "unmatched".
    expect(routes).toEqual(["/indexer/block/v1/blocks/:height", "/indexer/block/v1/blocks/:height"]);
  });

  it("is per URL: another URL, and HEAD, reach the handler", async () => {
    calls = 0;
    await read(`${base()}/indexer/block/v1/blocks/8`);
    expect((await read(`${base()}/indexer/block/v1/blocks/8?x=1`)).cache).toBe("miss");
    expect((await read(`${base()}/indexer/block/v1/blocks/8`, "HEAD")).status).toBe(200);
    expect(calls).toBe(3);
  });

  it("is never made of a refused request", async () => {
    calls = 0;
    for (let i = 0; i < 2; i++)
      expect((await read(`${base()}/indexer/block/v1/blocks/0x10`)).status).toBe(400);
    expect(calls).toBe(0);
  });
});

describe("a cache hit's headers", () => {
  const listed = serveListener(() => ({
    operations: createOperationRouter(loadSpecDocument(), handlers, {
      cache: { cache: createResponseCache(), ttlMs: () => 60_000 },
    }),
    corsOrigins: ["https://scan.example"],
  }));
  const headersOf = async (url: string, origin: string, requestId?: string) => {
    const res = await fetch(url, {
      headers: { origin, ...(requestId ? { "x-request-id": requestId } : {}) },
    });
    await res.arrayBuffer();
    const pick = (name: string) => res.headers.get(name);
    return {
      cache: pick("x-cache"),
      allow: pick("access-control-allow-origin"),
      vary: pick("vary"),
      expose: pick("access-control-expose-headers"),
      id: pick("x-request-id"),
    };
  };

  it("are a miss's: CORS by the request's origin, its own request id", async () => {
    const url = `${listed()}/indexer/block/v1/blocks/21`;
    const miss = await headersOf(url, "https://scan.example", "first-1");
    const hit = await headersOf(url, "https://scan.example", "second-2");
    const expected = { allow: "https://scan.example", vary: "Origin", expose: "x-request-id" };
    expect(miss).toEqual({ cache: "miss", id: "first-1", ...expected });
    expect(hit).toEqual({ cache: "hit", id: "second-2", ...expected });
    // Another origin is not allowed, on a hit as on a miss; a made-up id when none is given.
    const foreign = await headersOf(url, "https://evil.example");
    expect(foreign).toMatchObject({ cache: "hit", allow: null, vary: "Origin", expose: "x-request-id" });
    expect(foreign.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
