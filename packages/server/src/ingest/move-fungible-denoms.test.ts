import { describe, expect, it } from "vitest";
import { type HttpJson, HttpStatusError } from "../chain/http-json.js";
import type { BlockBundle } from "./derive/derive-block.js";
import { createMoveFungibleDenoms, denomOfMetadata } from "./move-fungible-denoms.js";

const signal = new AbortController().signal;
const UMIN = "0x25c4855dbee8a475c72526cc888c20562befd9cac8ceb78394f1b9e3a4a5a8e3";
const USDC = "0xabc";
const GONE = "0xdead";
const alice = Buffer.alloc(20, 0xa1);
const bob = Buffer.alloc(20, 0xb0);

/** A Metadata resource as the REST answers it: the Move value as JSON text inside `move_resource`. */
const resource = (decimals: number, symbol: string) => ({
  resource: {
    struct_tag: "0x1::fungible_asset::Metadata",
    move_resource: JSON.stringify({
      type: "0x1::fungible_asset::Metadata",
      data: { decimals, icon_uri: "", name: symbol, project_uri: "", symbol },
    }),
  },
});

function fakeNode() {
  const asked: string[] = [];
  const http: HttpJson = {
    async get<T>(url: string): Promise<T> {
      const metadata =
        /accounts\/(0x[0-9a-f]+)\/resources\/by_struct_tag\?struct_tag=0x1%3A%3Afungible_asset%3A%3AMetadata$/.exec(
          url,
        )?.[1];
      asked.push(metadata ?? url);
      if (metadata === UMIN) return resource(0, "umin") as T;
      if (metadata === USDC) return resource(6, "USDC") as T;
      throw new HttpStatusError(
        500,
        url,
        '{"code":2,"message":"collections: not found: key ...","details":[]}',
      );
    },
    post: () => Promise.reject(new Error("not used")),
  };
  return { http, asked };
}

describe("Move fungible-asset denoms", () => {
  it("names a 0-decimal coin by its symbol and anything else by its metadata address", () => {
    expect(denomOfMetadata(UMIN, resource(0, "UMIN"))).toBe("umin");
    expect(denomOfMetadata(USDC, resource(6, "USDC"))).toBe("move/abc");
    expect(denomOfMetadata(USDC, {})).toBe("move/abc");
  });

  it("folds a block's store changes into its balances under their denoms, asking each asset once", async () => {
    const node = fakeNode();
    const denoms = createMoveFungibleDenoms({ http: node.http, restUrl: "http://node/" });
    const bundle = {
      balances: [{ denom: "uinit", account: alice, amount: 5n }],
      moveFungible: [
        { metadata: UMIN, account: alice, amount: -7n },
        { metadata: UMIN, account: bob, amount: 7n },
        { metadata: USDC, account: bob, amount: 3n },
        { metadata: GONE, account: bob, amount: 9n },
        { metadata: UMIN, account: alice, amount: 2n },
      ],
    } as unknown as BlockBundle;
    const out = await denoms.enrich(bundle, signal);
    expect(out.moveFungible).toEqual([]);
    expect(out.balances).toEqual([
      { denom: "uinit", account: alice, amount: 5n },
      { denom: "umin", account: alice, amount: -5n },
      { denom: "umin", account: bob, amount: 7n },
      { denom: "move/abc", account: bob, amount: 3n },
    ]);
    await denoms.enrich(bundle, signal);
    expect(node.asked).toEqual([UMIN, USDC, GONE]);
  });

  it("fails the block (the loop retries) when the node cannot answer, and asks again next time", async () => {
    let fail = true;
    const http: HttpJson = {
      async get<T>(url: string): Promise<T> {
        if (fail) throw new HttpStatusError(503, url, "overloaded");
        return resource(0, "umin") as T;
      },
      post: () => Promise.reject(new Error("not used")),
    };
    const denoms = createMoveFungibleDenoms({ http, restUrl: "http://node" });
    const bundle = {
      balances: [],
      moveFungible: [{ metadata: UMIN, account: alice, amount: 1n }],
    } as unknown as BlockBundle;
    await expect(denoms.enrich(bundle, signal)).rejects.toThrow("HTTP 503");
    fail = false;
    expect((await denoms.enrich(bundle, signal)).balances).toEqual([
      { denom: "umin", account: alice, amount: 1n },
    ]);
  });
});
