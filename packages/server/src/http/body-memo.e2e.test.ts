import { describe, expect, it } from "vitest";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadRegistry } from "../router/registry/load-registry.js";
import { bodyMemoKey, createBodyMemo } from "./body-memo.js";

/** A route request on the devnet registry (one IBC hop) for `amount`. */
const request = (amount: string) =>
  JSON.stringify({
    source_asset_chain_id: "weft-devnet-1",
    source_asset_denom: "uinit",
    dest_asset_chain_id: "weft-wasm-1",
    dest_asset_denom: "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50",
    amount_in: amount,
  });

async function askRoute(base: string, body: string, contentType = "application/json") {
  const res = await fetch(`${base}/v2/fungible/route`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
  return { status: res.status, cache: res.headers.get("x-cache"), text: await res.text() };
}

describe("body memo", () => {
  const bytes = (s: string) => Buffer.from(s);

  it("forgets the least recently used answer first", () => {
    const memo = createBodyMemo(2);
    memo.remember("a", bytes("A"));
    memo.remember("b", bytes("B"));
    expect(memo.get("a")?.toString()).toBe("A"); // a is now the most recent
    memo.remember("c", bytes("C"));
    expect(memo.get("b")).toBeUndefined();
    expect(memo.get("a")?.toString()).toBe("A");
    expect(memo.get("c")?.toString()).toBe("C");
  });

  it("keys on content type, URL and the bytes as sent; no body or a large one is not remembered", () => {
    const body = bytes('{"a":1}');
    expect(bodyMemoKey("/r", "application/json", body)).not.toBe(bodyMemoKey("/r", "text/json", body));
    expect(bodyMemoKey("/r", "application/json", body)).not.toBe(
      bodyMemoKey("/r", "application/json", bytes('{"a": 1}')),
    );
    expect(bodyMemoKey("/r", "application/json", undefined)).toBeUndefined();
    expect(bodyMemoKey("/r", "application/json", Buffer.alloc(4_097, 32))).toBeUndefined();
  });
});

describe("POST /v2/fungible/route answered again from the memo", () => {
  const database = useTestDatabase();
  const url = serveForTests(() =>
    // The served defaults (test apps turn the response cache off unless told).
    createTestApp({
      db: database().db,
      router: { registry: loadRegistry("devnet") },
      cacheTtlMs: { list: 1_000, item: 10_000 },
    }),
  );
  const ask = (body: string, contentType?: string) => askRoute(url(), body, contentType);

  it("answers the same body with the same bytes, found once", async () => {
    const first = await ask(request("1000001"));
    const again = await ask(request("1000001"));
    expect(first).toMatchObject({ status: 200, cache: "miss" });
    expect(again).toMatchObject({ status: 200, cache: "hit" });
    expect(again.text).toBe(first.text);
    expect(JSON.parse(again.text)).toMatchObject({ amount_in: "1000001", amount_out: "1000001" });
  });

  it("finds another amount anew", async () => {
    await ask(request("1000002"));
    const other = await ask(request("1000003"));
    expect(other).toMatchObject({ status: 200, cache: "miss" });
    expect(JSON.parse(other.text)).toMatchObject({ amount_in: "1000003" });
  });

  it("remembers no error: a bad body is refused each time", async () => {
    const bad = JSON.stringify({ source_asset_chain_id: "weft-devnet-1" });
    for (let i = 0; i < 2; i++) {
      const res = await ask(bad);
      expect(res.status).toBe(400);
      expect(res.cache).toBeNull();
      expect(JSON.parse(res.text).message).toContain("amount_in");
    }
  });

  it("keeps a body sent with another content type apart, with the same answer", async () => {
    const plain = await ask(request("1000004"));
    const charset = await ask(request("1000004"), "application/json; charset=utf-8");
    expect(plain.cache).toBe("miss");
    expect(charset).toMatchObject({ status: 200, cache: "miss" });
    expect(charset.text).toBe(plain.text);
  });
});

describe("with the response cache off", () => {
  const database = useTestDatabase();
  const url = serveForTests(() =>
    createTestApp({
      db: database().db,
      router: { registry: loadRegistry("devnet") },
      cacheTtlMs: { list: 0, item: 0 },
    }),
  );

  it("finds every route anew", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await askRoute(url(), request("1000005"));
      expect(res.status).toBe(200);
      expect(res.cache).toBeNull();
    }
  });
});
