import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { measureOpenLoop, quantile } from "./open-loop.js";

/** A server answering one request at a time, each after `serviceMs`. */
async function serialServer(serviceMs: number) {
  let busyUntil = 0;
  const server = http.createServer((req, res) => {
    const start = Math.max(performance.now(), busyUntil);
    busyUntil = start + serviceMs;
    setTimeout(() => {
      res.statusCode = req.url === "/fail" ? 500 : 200;
      res.end("answer");
    }, busyUntil - performance.now());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("measureOpenLoop", () => {
  it("sends at the rate asked, whatever the answers take", async () => {
    const { server, base } = await serialServer(1);
    close = () => server.close();
    const r = await measureOpenLoop({ urls: [`${base}/a`, `${base}/b`], ratePerSec: 200, durationSec: 1 });
    expect(r.requests).toBe(200);
    expect(r.errors).toBe(0);
    expect(r.p50Ms).toBeLessThan(20);
  });

  it("counts latency from when a request was due: a server slower than the rate shows its queue", async () => {
    // 20 ms per request, one at a time, asked 100 per second: the queue grows by 1 s per second.
    const { server, base } = await serialServer(20);
    close = () => server.close();
    const r = await measureOpenLoop({ urls: [`${base}/a`], ratePerSec: 100, durationSec: 0.5 });
    expect(r.requests).toBe(50);
    // The last of 50 waits behind 49 x 20 ms, due 490 ms after the first: about 500 ms late.
    expect(r.p99Ms).toBeGreaterThan(400);
  });

  it("counts answers that are not 2xx as errors, not latencies", async () => {
    const { server, base } = await serialServer(1);
    close = () => server.close();
    const r = await measureOpenLoop({
      urls: [`${base}/ok`, `${base}/fail`],
      ratePerSec: 100,
      durationSec: 0.2,
    });
    expect(r.requests).toBe(20);
    expect(r.errors).toBe(10);
  });

  it("sends the warm-up first at the same rate and counts only the window after it", async () => {
    const { server, base } = await serialServer(1);
    close = () => server.close();
    let seen = 0;
    server.on("request", () => {
      seen += 1;
    });
    const r = await measureOpenLoop({
      urls: [`${base}/a`],
      ratePerSec: 100,
      durationSec: 0.3,
      warmUpSec: 0.2,
    });
    expect(seen).toBe(50);
    expect(r.requests).toBe(30);
    expect(r.latenciesMs).toHaveLength(30);
    expect(r.latenciesMs).toEqual([...r.latenciesMs].sort((a, b) => a - b));
  });

  it("takes the nearest-rank quantile", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(xs, 0.5), quantile(xs, 0.99), quantile([], 0.99)]).toEqual([50, 99, 0]);
  });
});
