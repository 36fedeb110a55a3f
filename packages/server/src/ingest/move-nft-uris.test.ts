import { createChain, startDevnetNode } from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRecordedAnswer } from "../_test/real-rpc.js";
import { createHttpJson, type HttpJson, HttpStatusError } from "../chain/http-json.js";
import { deriveBlock } from "./derive/derive-block.js";
import type { NftChange } from "./derive/nft-events.js";
import { createMoveNftUris } from "./move-nft-uris.js";
import { createNodeSource } from "./node-source.js";

const signal = new AbortController().signal;
type Mint = Extract<NftChange, { kind: "mint" }>;
const mintsOf = (changes: { changes: NftChange[] }[]) =>
  changes.flatMap((e) => e.changes.flatMap((c) => (c.kind === "mint" ? [c] : [])));

describe("Move NFT uris from the token object's 0x1::nft::Nft resource", () => {
  const chain = createChain({ seed: 7, vm: "move" });
  let node: Awaited<ReturnType<typeof startDevnetNode>>;
  beforeAll(async () => {
    node = await startDevnetNode({ chain, initialBlocks: 80 });
  });
  afterAll(() => node.close());

  it("gives every mint of a Move devnet the uri its resource holds at the mint's height", async () => {
    const http = createHttpJson();
    const source = createNodeSource({ rpcUrl: node.url, restUrl: node.url, http });
    const reader = createMoveNftUris({ http, restUrl: node.url });
    let mints = 0;
    for (let h = 1n; h <= 80n; h++) {
      const derived = deriveBlock(await source.fetch(h, signal), "init");
      const before = mintsOf(derived.nftChanges);
      expect(before.every((m) => m.uri === undefined)).toBe(true);
      for (const m of mintsOf((await reader.enrich(derived, h, signal)).nftChanges)) {
        const object = `0x${(m.object as Buffer).toString("hex")}`;
        const truth = chain.moveResource(object, "0x1::nft::Nft", Number(h));
        expect(truth, `resource of ${object} at ${h}`).toBeDefined();
        expect(m.uri).toBe((truth?.data as { uri?: string } | undefined)?.uri);
        expect(m.uri).toMatch(/^https:\/\/devnet\.weft\.example\/\d+\/\d+$/);
        mints++;
      }
    }
    expect(mints).toBeGreaterThan(5);
  });

  const realMissing = readRecordedAnswer("minimove-v1.1.11/move-resource.missing.json").response;
  it.each([
    ["a gateway 404", 404, '{"code":5,"message":"not found","details":[]}'],
    [
      "minimove v1.1.11's own answer (HTTP 500, code 2)",
      realMissing.status,
      JSON.stringify(realMissing.body),
    ],
  ])(
    "asks once more at the latest state when the node has no resource at the height (%s), then leaves the uri empty",
    async (_, status, body) => {
      const asked: (string | undefined)[] = [];
      const http: HttpJson = {
        async get<T>(url: string, _s?: AbortSignal, headers?: Record<string, string>): Promise<T> {
          asked.push(headers?.["x-cosmos-block-height"]);
          expect(url).toContain("/resources/by_struct_tag?struct_tag=0x1%3A%3Anft%3A%3ANft");
          throw new HttpStatusError(status, url, body);
        },
        post: () => Promise.reject(new Error("not used")),
      };
      const mint: Mint = {
        kind: "mint",
        collection: Buffer.alloc(32, 1),
        tokenId: "1",
        object: Buffer.alloc(32, 2),
      };
      const bundle = { nftChanges: [{ tx: 0, changes: [mint] }] } as never;
      const out = await createMoveNftUris({ http, restUrl: "http://node" }).enrich(bundle, 42n, signal);
      expect(mintsOf((out as { nftChanges: { changes: NftChange[] }[] }).nftChanges)[0]?.uri).toBe("");
      expect(asked).toEqual(["42", undefined]);
    },
  );

  it("fails the block's fetch (so the loop retries) when the node cannot be reached, and leaves cw721/ERC-721 mints alone", async () => {
    const http: HttpJson = {
      get: () => Promise.reject(new TypeError("fetch failed")),
      post: () => Promise.reject(new Error("not used")),
    };
    const reader = createMoveNftUris({ http, restUrl: "http://node" });
    const move: Mint = {
      kind: "mint",
      collection: Buffer.alloc(32, 1),
      tokenId: "1",
      object: Buffer.alloc(32, 2),
    };
    await expect(
      reader.enrich({ nftChanges: [{ tx: 0, changes: [move] }] } as never, 1n, signal),
    ).rejects.toThrow("fetch failed");
    const cw721: Mint = {
      kind: "mint",
      collection: Buffer.alloc(32, 1),
      tokenId: "1",
      uri: "u",
      contract: "cw721",
    };
    const bundle = { nftChanges: [{ tx: 0, changes: [cw721] }] } as never;
    expect(await reader.enrich(bundle, 1n, signal)).toBe(bundle);
  });
});
