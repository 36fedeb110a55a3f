import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createResponseCache, entryBytes } from "./response-cache.js";

/** A body as the cache holds it: its UTF-8 bytes. */
const b = (text: string) => Buffer.from(text);

describe("createResponseCache", () => {
  it("keeps what a hit writes: the body's bytes and the route that made it", () => {
    const cache = createResponseCache({ sweepIntervalMs: 0 });
    cache.set("/x", b('{"memo":"é"}'), 1000, "/indexer/tx/v1/txs/:tx_hash");
    expect(cache.get("/x")).toMatchObject({ body: b('{"memo":"é"}'), route: "/indexer/tx/v1/txs/:tx_hash" });
    expect(cache.get("/x")?.body.length).toBe(13);
  });

  it("serves until the TTL passes, and skips TTL 0", () => {
    let t = 0;
    const cache = createResponseCache({ now: () => t, sweepIntervalMs: 0 });
    cache.set("/a", b("{}"), 1000);
    cache.set("/d", b("4"), 0);
    t = 999;
    expect(cache.get("/a")?.body).toEqual(b("{}"));
    expect(cache.get("/d")?.body).toBeUndefined();
    t = 1000;
    expect(cache.get("/a")?.body).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it("counts what it holds: the body's bytes, the key as V8 holds it (two bytes a character once any is above U+00FF)", () => {
    expect(entryBytes("/k", b("a".repeat(1000)))).toBe(1000 + 2 + 128);
    expect(entryBytes("/k", b(`€${"a".repeat(999)}`))).toBe(1002 + 2 + 128);
    expect(entryBytes("/é", b("a"))).toBe(1 + 2 + 128);
    expect(entryBytes("/€", b("a"))).toBe(1 + 4 + 128);
  });

  it("holds at most maxBytes, evicting the oldest first", () => {
    const body = (i: number) => String(i % 10).repeat(1_000);
    const key = (i: number) => `/k${String(i).padStart(2, "0")}`;
    const one = entryBytes(key(0), b(body(0)));
    const cache = createResponseCache({ maxBytes: one * 16, sweepIntervalMs: 0 });
    for (let i = 0; i < 20; i++) cache.set(key(i), b(body(i)), 60_000);
    expect([
      cache.get(key(3))?.body,
      cache.get(key(4))?.body,
      cache.get(key(19))?.body,
      cache.size,
      cache.bytes,
    ]).toEqual([undefined, b(body(4)), b(body(19)), 16, one * 16]);
    // Replacing a key frees its old body first: nothing else goes.
    cache.set(key(19), b(body(7)), 60_000);
    expect([cache.get(key(4))?.body, cache.get(key(19))?.body, cache.size, cache.bytes]).toEqual([
      b(body(4)),
      b(body(7)),
      16,
      one * 16,
    ]);
    // A body as large as three pushes out the three oldest.
    const big = "x".repeat(one * 3 - entryBytes(key(99), b("")));
    const bigger = createResponseCache({ maxBytes: one * 48, sweepIntervalMs: 0 });
    for (let i = 0; i < 48; i++) bigger.set(key(i), b(body(i)), 60_000);
    bigger.set(key(99), b(big), 60_000);
    expect([
      bigger.get(key(2))?.body,
      bigger.get(key(3))?.body,
      bigger.get(key(99))?.body,
      bigger.size,
      bigger.bytes,
    ]).toEqual([undefined, b(body(3)), b(big), 46, one * 48]);
  });

  it("never caches one body past 1/16 of the bound (nor past 512 KiB)", () => {
    const cache = createResponseCache({ maxBytes: 16_000, sweepIntervalMs: 0 });
    cache.set("/small", b("s".repeat(800)), 60_000);
    cache.set("/large", b("l".repeat(1_000)), 60_000);
    expect([cache.get("/small")?.body, cache.get("/large")?.body]).toEqual([b("s".repeat(800)), undefined]);
    const roomy = createResponseCache({ sweepIntervalMs: 0 });
    roomy.set("/page", b("p".repeat(600 * 1024)), 60_000);
    expect(roomy.get("/page")?.body).toBeUndefined();
  });
});

describe("expired entries are freed without being read", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("by the sweep timer, and the timer stops on close", () => {
    const cache = createResponseCache({ now: Date.now, sweepIntervalMs: 5_000 });
    for (let i = 0; i < 100; i++) cache.set(`/list?i=${i}`, b("l".repeat(1000)), 1_000);
    cache.set("/item", b("i".repeat(1000)), 10_000);
    expect(cache.size).toBe(101);
    vi.advanceTimersByTime(5_000);
    expect([cache.size, cache.bytes]).toEqual([1, entryBytes("/item", b("i".repeat(1000)))]);
    vi.advanceTimersByTime(5_000);
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
    cache.set("/later", b("x"), 1_000);
    cache.close();
    vi.advanceTimersByTime(60_000);
    expect(cache.size).toBe(1);
  });

  it("by each set, a few of the oldest at a time", () => {
    let t = 0;
    const cache = createResponseCache({ now: () => t, sweepIntervalMs: 0 });
    for (let i = 0; i < 20; i++) cache.set(`/old?i=${i}`, b("o"), 1_000);
    t = 2_000;
    cache.set("/new", b("n"), 1_000);
    expect(cache.size).toBe(13);
    cache.set("/new2", b("n"), 1_000);
    cache.set("/new3", b("n"), 1_000);
    expect(cache.size).toBe(3);
  });
});
