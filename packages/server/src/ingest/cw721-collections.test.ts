import { bech32 } from "bech32";
import { describe, expect, it } from "vitest";
import { type HttpJson, HttpStatusError } from "../chain/http-json.js";
import { createCw721Collections } from "./cw721-collections.js";
import type { BlockBundle } from "./derive/derive-block.js";
import type { NftChange } from "./derive/nft-events.js";

const CONTRACT = Buffer.alloc(32, 7);
const OTHER = Buffer.alloc(32, 9);
const CREATOR = Buffer.alloc(20, 1);
const SIGNER = Buffer.alloc(20, 2);
const bech = (b: Buffer) => bech32.encode("init", bech32.toWords(b), 90);

/** A node answering wasmd's two contract reads from `contracts`; every other URL is `fallback`'s. */
function fakeNode(contracts: Map<string, { name: string; creator: Buffer }>, fallback?: () => never) {
  const asked: string[] = [];
  const http: HttpJson = {
    async get<T>(url: string): Promise<T> {
      asked.push(url);
      const m = /\/cosmwasm\/wasm\/v1\/contract\/([a-z0-9]+)(\/smart\/(.+))?$/.exec(url);
      const found = m?.[1] ? contracts.get(m[1]) : undefined;
      if (!found) {
        if (fallback) fallback();
        throw new HttpStatusError(500, url, '{"code":2,"message":"no such contract","details":[]}');
      }
      if (m?.[3]) {
        expect(JSON.parse(Buffer.from(decodeURIComponent(m[3]), "base64").toString())).toEqual({
          contract_info: {},
        });
        return { data: { name: found.name, symbol: "S" } } as T;
      }
      return { address: m?.[1], contract_info: { code_id: "1", creator: bech(found.creator) } } as T;
    },
    post: () => Promise.reject(new Error("not used")),
  };
  return { http, asked };
}

function bundle(txs: { tx: number; changes: NftChange[] }[]): BlockBundle {
  return { nftChanges: txs.map((t) => ({ ...t, signer: SIGNER })) } as unknown as BlockBundle;
}

const mint = (collection: Buffer, tokenId: string): NftChange => ({
  kind: "mint",
  collection,
  tokenId,
  owner: SIGNER,
  uri: "",
  contract: "cw721",
});
const signal = new AbortController().signal;

describe("cw721 collection names from the contract", () => {
  it("puts the contract's name and creator before the collection's first change of every block, asking once", async () => {
    const node = fakeNode(new Map([[bech(CONTRACT), { name: "Moo Cows", creator: CREATOR }]]));
    const reader = createCw721Collections({ http: node.http, restUrl: "http://node/", prefix: "init" });
    const transfer: NftChange = {
      kind: "transfer",
      key: { collection: CONTRACT, tokenId: "1" },
      owner: CREATOR,
      contract: "cw721",
    };
    const first = await reader.enrich(
      bundle([
        { tx: 0, changes: [] },
        { tx: 1, changes: [mint(CONTRACT, "1")] },
      ]),
      signal,
    );
    const second = await reader.enrich(bundle([{ tx: 0, changes: [transfer] }]), signal);
    const named = { kind: "collection", collection: CONTRACT, name: "Moo Cows", creator: CREATOR };
    expect(first.nftChanges.map((t) => t.changes)).toEqual([[], [named, mint(CONTRACT, "1")]]);
    expect(second.nftChanges.map((t) => t.changes)).toEqual([[named, transfer]]);
    expect(node.asked).toHaveLength(2); // the smart query and the contract record, once
  });

  it("keeps a contract that answers with an error nameless, created by its first signer", async () => {
    const node = fakeNode(new Map());
    const reader = createCw721Collections({ http: node.http, restUrl: "http://node", prefix: "init" });
    const out = await reader.enrich(bundle([{ tx: 3, changes: [mint(OTHER, "x")] }]), signal);
    expect(out.nftChanges[0]?.changes[0]).toEqual({
      kind: "collection",
      collection: OTHER,
      name: "",
      creator: SIGNER,
    });
  });

  it("fails the block's fetch when the node cannot be reached, and asks again on the next fetch", async () => {
    let down = true;
    const contracts = new Map([[bech(CONTRACT), { name: "Back", creator: CREATOR }]]);
    const node = fakeNode(contracts);
    const http: HttpJson = {
      get: (url, s) => (down ? Promise.reject(new TypeError("fetch failed")) : node.http.get(url, s)),
      post: node.http.post,
    };
    const reader = createCw721Collections({ http, restUrl: "http://node", prefix: "init" });
    const block = bundle([{ tx: 0, changes: [mint(CONTRACT, "1")] }]);
    await expect(reader.enrich(block, signal)).rejects.toThrow("fetch failed");
    down = false;
    const out = await reader.enrich(block, signal);
    expect(out.nftChanges[0]?.changes[0]).toMatchObject({ kind: "collection", name: "Back" });
  });

  it("leaves Move and EVM changes alone", async () => {
    const node = fakeNode(new Map());
    const reader = createCw721Collections({ http: node.http, restUrl: "http://node", prefix: "init" });
    const erc721: NftChange = { kind: "mint", collection: Buffer.alloc(20, 3), tokenId: "1", owner: SIGNER };
    const block = bundle([{ tx: 0, changes: [erc721] }]);
    expect(await reader.enrich(block, signal)).toBe(block);
    expect(node.asked).toEqual([]);
  });
});
