/**
 * The NFT content of a Move or CosmWasm devnet chain: block h's NFT txs (built by
 * ../msgs/move-nft-execute.ts or ../msgs/wasm-nft-execute.ts from nft-schedule.ts's actions) and
 * the NFT ground truth at any height, both pure functions of (seed, height).
 */
import { createHash } from "node:crypto";
import { bech32 } from "bech32";
import type { MoveResource } from "../move-resource.js";
import { moveNftTx } from "../msgs/move-nft-execute.js";
import { wasmNftTx } from "../msgs/wasm-nft-execute.js";
import type { TxTruth } from "../tx-truth.js";
import { createNftSchedule, nftActionsAt, ownerAt } from "./nft-schedule.js";
import { type NftContext, type NftTruth, type NftTxBuild, tokenUri } from "./nft-tx.js";

const sha256 = (data: string) => createHash("sha256").update(data).digest();

export function createNftContent(options: {
  seed: number;
  vm: "move" | "wasm";
  prefix: string;
  accounts: string[];
  keys: Buffer[];
}) {
  const { seed, vm, prefix, accounts } = options;
  const schedule = createNftSchedule(seed, accounts.length);
  const addrs = new Map<number, string>();
  const ctx: NftContext = {
    seed,
    prefix,
    accounts,
    keys: options.keys,
    hex: accounts.map((a) => `0x${Buffer.from(bech32.fromWords(bech32.decode(a).words)).toString("hex")}`),
    collectionAddr(c) {
      let addr = addrs.get(c.index);
      if (addr === undefined) {
        // Real chains derive these with sha3-256 (Move object seeds) or the wasm instance counter; any
        // 32-byte function of the seed serves a devnet, and sha256 is already paid for.
        addr = `0x${sha256(`devnet-${seed}-${vm}-collection-${c.index}`).toString("hex")}`;
        addrs.set(c.index, addr);
      }
      return addr;
    },
  };
  const objectOf = (collection: string, tokenId: string) =>
    `0x${sha256(`${collection}::${tokenId}`).toString("hex")}`;
  // Token object address -> its mint height, for the heights walked so far. An indexer reads each
  // minted token's resource: walking the schedule from block 1 per read made a backfill quadratic
  // (at 10 000 blocks the devnet's hashing was the ingest benchmark's limit). The schedule is a
  // pure function, so the index only grows and never goes stale.
  const mintOfObject = new Map<string, number>();
  let indexedTo = 0;
  const mintHeightOf = (address: string, height: number): number | undefined => {
    for (; indexedTo < height; indexedTo++) {
      const token = schedule.tokenAt(indexedTo + 1);
      if (token)
        mintOfObject.set(objectOf(ctx.collectionAddr(token.collection), token.tokenId), indexedTo + 1);
    }
    const m = mintOfObject.get(address);
    return m !== undefined && m <= height ? m : undefined;
  };
  return {
    /** Block h's NFT txs in order, with their truth; `first` is the first one's index in the block. */
    txs(height: number, first: number): (NftTxBuild & { truth: TxTruth })[] {
      return nftActionsAt(schedule, height).map((action, j) => {
        const tx =
          vm === "move"
            ? moveNftTx(ctx, { action, height, j, objectOf })
            : wasmNftTx(ctx, { action, height, j });
        const { signer, msgType, accounts, nft } = tx;
        const truth = {
          hash: tx.hash,
          height,
          index: first + j,
          code: tx.result.code,
          signer,
          msgType,
          accounts,
        };
        return { ...tx, truth: { ...truth, moved: [], nft } };
      });
    },
    /**
     * The cw721 contract at `addr` (0x + 64 hex) as of block h, as its `contract_info` query and
     * the chain's contract record answer: name, symbol, creator (bech32). Undefined if there is none.
     */
    contract(addr: string, height: number): { name: string; symbol: string; creator: string } | undefined {
      if (vm !== "wasm") return undefined;
      const c = schedule.collectionsUpTo(height).find((plan) => ctx.collectionAddr(plan) === addr);
      return c && { name: c.name, symbol: `WEFT${c.index}`, creator: accounts[c.creator] ?? "" };
    },
    /**
     * Move's `0x1::nft::Nft` resource of the token object at `address` (0x + 64 hex) as of block h
     * (Move chains), fields in the struct's declaration order as the node's JSON prints them.
     * Undefined when no live token lives there (never minted, minted later, or burned).
     */
    nftResource(address: string, height: number): MoveResource | undefined {
      if (vm !== "move") return undefined;
      const m = mintHeightOf(address, height);
      const token = m === undefined ? undefined : schedule.tokenAt(m);
      if (!token || ownerAt(token, height) === undefined) return undefined;
      return {
        type: "0x1::nft::Nft",
        data: {
          collection: { inner: ctx.collectionAddr(token.collection) },
          description: "",
          token_id: token.tokenId,
          uri: tokenUri(token.collection.index, token.tokenId),
        },
      };
    },
    /** Every collection and live token after block h, from the schedule alone (no block is built). */
    truth(height: number): NftTruth {
      const collections = schedule.collectionsUpTo(height).map((c) => ({
        collection: ctx.collectionAddr(c),
        name: c.name,
        creator: accounts[c.creator] ?? "",
        height: c.height,
        count: 0,
        minted: 0,
      }));
      const tokens: NftTruth["tokens"] = [];
      for (let m = 1; m <= height; m++) {
        const token = schedule.tokenAt(m);
        if (!token) continue;
        const collection = collections[token.collection.index];
        if (!collection) continue;
        collection.minted++;
        const owner = ownerAt(token, height);
        if (owner === undefined) continue;
        collection.count++;
        const last = token.hops.filter((hop) => hop.height <= height && !hop.failed).at(-1)?.height ?? m;
        tokens.push({
          collection: collection.collection,
          tokenId: token.tokenId,
          owner: accounts[owner] ?? "",
          ...(vm === "move" ? { object: objectOf(collection.collection, token.tokenId) } : {}),
          height: last,
        });
      }
      return { collections, tokens };
    },
  };
}

/** A chain's NFT content: its txs per block and its NFT truth. */
export type NftContent = ReturnType<typeof createNftContent>;
