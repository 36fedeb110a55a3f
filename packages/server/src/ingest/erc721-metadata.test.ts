import { describe, expect, it } from "vitest";
import type { HttpJson } from "../chain/http-json.js";
import type { BlockBundle } from "./derive/derive-block.js";
import type { NftChange } from "./derive/nft-events.js";
import { createErc721Metadata, decodeAbiString } from "./erc721-metadata.js";

const NFT = Buffer.alloc(20, 0xab);
const SIGNER = Buffer.alloc(20, 2);
const abi = (text: string) => {
  const hex = Buffer.from(text).toString("hex");
  const word = (n: number) => n.toString(16).padStart(64, "0");
  return `0x${word(32)}${word(hex.length / 2)}${hex.padEnd(Math.ceil(hex.length / 64) * 64, "0")}`;
};

/** A JSON-RPC node: `name()` of NFT answers "Cats", tokenURI(7) "ipfs://7"; everything else reverts. */
function fakeRpc() {
  const batches: { method: string; params: [{ to: string; data: string }, string] }[][] = [];
  const http: HttpJson = {
    get: () => Promise.reject(new Error("not used")),
    async post<T>(_url: string, body: unknown): Promise<T> {
      const calls = body as { id: number; method: string; params: [{ to: string; data: string }, string] }[];
      batches.push(calls);
      return calls.map(({ id, params: [{ to, data }] }) => {
        if (to === `0x${NFT.toString("hex")}` && data === "0x06fdde03") return { id, result: abi("Cats") };
        if (data === `0xc87b56dd${(7).toString(16).padStart(64, "0")}`)
          return { id, result: abi("ipfs://7") };
        return { id, error: { code: 3, message: "execution reverted" } };
      }) as T;
    },
  };
  return { http, batches };
}

const bundle = (changes: NftChange[]) =>
  ({ nftChanges: [{ tx: 0, signer: SIGNER, changes }] }) as unknown as BlockBundle;
const mint = (tokenId: string): NftChange => ({
  kind: "mint",
  collection: NFT,
  tokenId,
  owner: SIGNER,
  contract: "erc721",
});
const signal = new AbortController().signal;

describe("ERC-721 names and token URIs from the contract", () => {
  it("decodes an ABI string and refuses what is not one", () => {
    expect(decodeAbiString(abi("Weft ✓"))).toBe("Weft ✓");
    expect(decodeAbiString(abi(""))).toBe("");
    expect(decodeAbiString("0x")).toBe("");
    expect(decodeAbiString(`0x${"0".repeat(62)}20${"f".repeat(64)}`)).toBe("");
    expect(decodeAbiString(abi("a\0b"))).toBe("ab");
  });

  it("names the collection once, gives each mint its tokenURI at the block, and leaves a revert empty", async () => {
    const rpc = fakeRpc();
    const meta = createErc721Metadata({ http: rpc.http, jsonRpcUrl: "http://rpc" });
    const first = await meta.enrich(bundle([mint("7"), mint("8")]), 100n, signal);
    expect(first.nftChanges[0]?.changes).toEqual([
      { kind: "collection", collection: NFT, name: "Cats", creator: SIGNER },
      { ...mint("7"), uri: "ipfs://7" },
      { ...mint("8"), uri: "" },
    ]);
    const transfer: NftChange = {
      kind: "transfer",
      key: { collection: NFT, tokenId: "7" },
      owner: NFT,
      contract: "erc721",
    };
    const second = await meta.enrich(bundle([transfer]), 101n, signal);
    expect(second.nftChanges[0]?.changes).toEqual([
      { kind: "collection", collection: NFT, name: "Cats", creator: SIGNER },
      transfer,
    ]);
    // One batch for the first block (name at latest, tokenURIs at 0x64); none for the second.
    expect(rpc.batches.map((b) => b.map((c) => `${c.params[0].data.slice(0, 10)}@${c.params[1]}`))).toEqual([
      ["0x06fdde03@latest", "0xc87b56dd@0x64", "0xc87b56dd@0x64"],
    ]);
  });

  it("fails the block when the node cannot be reached (the loop fetches it again)", async () => {
    const http: HttpJson = {
      get: () => Promise.reject(new Error("no")),
      post: () => Promise.reject(new TypeError("fetch failed")),
    };
    const meta = createErc721Metadata({ http, jsonRpcUrl: "http://rpc" });
    await expect(meta.enrich(bundle([mint("7")]), 1n, signal)).rejects.toThrow("fetch failed");
  });
});
