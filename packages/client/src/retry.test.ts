import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { createIndexerClient } from "./index.js";

const weftUrl = useInProcessWeft();
let proxy: Server;
let proxyUrl = "";
/** Status codes (or "drop" for a reset connection) the flaky proxy answers before forwarding. */
const failures: (number | "drop")[] = [];
let forwarded = 0;

beforeAll(async () => {
  // A flaky hop in front of the real server: fails as told, then forwards.
  proxy = createServer(async (req, res) => {
    const failure = failures.shift();
    if (failure === "drop") {
      req.socket.destroy();
      return;
    }
    if (failure !== undefined) {
      res.writeHead(failure, failure === 429 ? { "retry-after": "0" } : {}).end("{}");
      return;
    }
    forwarded++;
    const upstream = await fetch(`${weftUrl()}${req.url}`, { method: req.method });
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
    res.end(await upstream.text());
  });
  proxy.listen(0, "127.0.0.1");
  await new Promise((r) => proxy.once("listening", r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((r) => proxy.close(() => r()));
});

const noWait = { baseDelayMs: 1, maxDelayMs: 2 };

describe("retry middleware against a real server behind a flaky hop", () => {
  it("retries 503, 429 and dropped connections on a GET until it succeeds", async () => {
    failures.push(503, 429, "drop");
    forwarded = 0;
    const client = createIndexerClient({ baseUrl: proxyUrl, retry: { retries: 3, ...noWait } });
    const { data, response } = await client.GET("/health");
    expect(response.status).toBe(200);
    expect(data).toEqual({ status: "ok" });
    expect(forwarded).toBe(1);
    expect(failures).toEqual([]);
  });

  it("gives up after the attempt limit and returns the last error response", async () => {
    failures.push(502, 502, 502);
    const client = createIndexerClient({ baseUrl: proxyUrl, retry: { retries: 2, ...noWait } });
    const { error, response } = await client.GET("/health");
    expect(response.status).toBe(502);
    expect(error).toEqual({});
    expect(failures).toEqual([]);
  });

  it("does not retry a 4xx", async () => {
    const client = createIndexerClient({ baseUrl: proxyUrl, retry: { retries: 3, ...noWait } });
    forwarded = 0;
    const { response } = await client.GET("/health/nope" as "/health");
    expect(response.status).toBe(404);
    expect(forwarded).toBe(1);
  });

  it("stops waiting when the request is aborted", async () => {
    failures.push(503, 503, 503, 503);
    const client = createIndexerClient({
      baseUrl: proxyUrl,
      retry: { retries: 3, baseDelayMs: 10_000, maxDelayMs: 10_000 },
    });
    const controller = new AbortController();
    const pending = client.GET("/health", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user went away")), 50);
    await expect(pending).rejects.toThrow("user went away");
    failures.length = 0;
  });
});
