import { createHash } from "node:crypto";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgExecuteContract } from "cosmjs-types/cosmwasm/wasm/v1/tx";
import { describe, expect, it } from "vitest";
import { keysOf, moveShapes, realEvents } from "../../_test/event-shapes.js";
import { createChain } from "../create-chain.js";
import type { NftTruth } from "./nft-tx.js";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const BLOCKS = 400;

/** The chain's NFT state after `height`, replayed from the per-tx truth of its blocks. */
function replay(chain: ReturnType<typeof createChain>, height: number) {
  const owners = new Map<string, string>();
  const collections = new Map<string, string>();
  for (let h = 1; h <= height; h++)
    for (const t of chain.truth(h))
      for (const c of t.nft ?? []) {
        if (c.kind === "collection") collections.set(c.collection, `${c.name}/${c.creator}`);
        else if (c.kind === "burn") owners.delete(`${c.collection}/${c.tokenId}`);
        else owners.set(`${c.collection}/${c.tokenId}`, c.owner);
      }
  return { owners, collections };
}

const ownersOf = (truth: NftTruth) =>
  new Map(truth.tokens.map((t) => [`${t.collection}/${t.tokenId}`, t.owner]));

describe.each(["move", "wasm"] as const)("NFT content of a %s chain", (vm) => {
  it("is byte-identical for the same seed, differs for another, and leaves the bank txs alone", () => {
    const dump = (seed: number) => {
      const chain = createChain({ seed, vm });
      return sha(JSON.stringify(Array.from({ length: 250 }, (_, i) => chain.block(i + 1))));
    };
    expect(dump(3)).toBe(dump(3));
    expect(dump(3)).not.toBe(dump(4));
    // NFT txs come after the bank txs, which are what a chain without NFTs carries.
    const plain = createChain({ seed: 3, vm, nftTxs: false });
    const full = createChain({ seed: 3, vm });
    for (let h = 1; h <= 50; h++)
      expect(full.truth(h).slice(0, plain.truth(h).length)).toEqual(plain.truth(h));
  });

  it("carries collections, mints, transfers, failed transfers and burns; the replayed txs equal nftTruth", () => {
    const chain = createChain({ seed: 11, vm });
    const kinds = new Map<string, number>();
    let failed = 0;
    for (let h = 1; h <= BLOCKS; h++)
      for (const t of chain.truth(h)) {
        if (!t.msgType.includes("Execute") && !t.msgType.includes("Instantiate")) continue;
        if (t.code !== 0) failed++;
        for (const c of t.nft ?? []) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
      }
    expect(kinds.get("collection")).toBe(4);
    expect(kinds.get("mint")).toBeGreaterThan(100);
    expect(kinds.get("transfer")).toBeGreaterThan(100);
    expect(kinds.get("burn")).toBeGreaterThan(5);
    expect(failed).toBeGreaterThan(3);
    for (const height of [1, 57, 230, BLOCKS]) {
      const truth = chain.nftTruth(height);
      const replayed = replay(chain, height);
      expect(ownersOf(truth)).toEqual(replayed.owners);
      expect(new Map(truth.collections.map((c) => [c.collection, `${c.name}/${c.creator}`]))).toEqual(
        replayed.collections,
      );
      for (const c of truth.collections)
        expect(c.count).toBe(truth.tokens.filter((t) => t.collection === c.collection).length);
    }
    // Every owner is one of the chain's accounts; only the owner of a token moves or burns it.
    const truth = chain.nftTruth(BLOCKS);
    for (const t of truth.tokens) expect(chain.accounts).toContain(t.owner);
    const owners = new Map<string, string>();
    for (let h = 1; h <= BLOCKS; h++)
      for (const t of chain.truth(h))
        for (const c of t.nft ?? []) {
          if (c.kind === "collection") continue;
          const key = `${c.collection}/${c.tokenId}`;
          if (c.kind !== "mint") expect(t.signer).toBe(owners.get(key));
          if (c.kind === "burn") owners.delete(key);
          else owners.set(key, c.owner);
        }
  });
});

describe("Move token objects' 0x1::nft::Nft resource", () => {
  it("answers a live token at any height, asked in any order, and nothing before its mint or after its burn", () => {
    const chain = createChain({ seed: 11, vm: "move" });
    // Every token ever minted (burned ones too) by its object address, as the chain derives it.
    const objects = new Map<string, string>();
    const burned = new Set<string>();
    for (let h = 1; h <= BLOCKS; h++)
      for (const t of chain.truth(h))
        for (const c of t.nft ?? []) {
          if (c.kind === "mint") objects.set(`0x${sha(`${c.collection}::${c.tokenId}`)}`, c.tokenId);
          if (c.kind === "burn") burned.add(c.tokenId);
        }
    expect(chain.nftTruth(BLOCKS).tokens.every((t) => t.object && objects.has(t.object))).toBe(true);
    expect(burned.size).toBeGreaterThan(0);
    // Latest height first: the resource index is then built past every height asked after.
    for (const height of [BLOCKS, 1, 230, 57, 231]) {
      const live = new Map(chain.nftTruth(height).tokens.map((t) => [t.object, t.tokenId] as const));
      let seen = 0;
      for (const address of objects.keys()) {
        const resource = chain.moveResource(address, "0x1::nft::Nft", height);
        expect(resource?.data.token_id).toBe(live.get(address));
        if (resource) seen++;
      }
      expect(seen).toBe(live.size);
    }
    // Each token at its own mint height (its id), heights rising, on a chain asked nothing before.
    const fresh = createChain({ seed: 11, vm: "move" });
    for (const [address, tokenId] of [...objects].sort((a, b) => Number(a[1]) - Number(b[1])))
      expect(fresh.moveResource(address, "0x1::nft::Nft", Number(tokenId))?.data.token_id).toBe(tokenId);
  });
});

describe("NFT event shapes", () => {
  it("Move: MsgExecute of 0x1 entry functions whose execute and move events are the real L1's", () => {
    const real = moveShapes([
      ...realEvents("l1-interwoven-1/h2090166_ibc_recv_packet_ics721_from_intergaze-1"),
      ...realEvents("l1-interwoven-1/h3632268_ibc_send_packet_ics721_to_civitia-1"),
    ]);
    const chain = createChain({ seed: 11 });
    const seen = new Map<string, string[]>();
    const functions = new Set<string>();
    for (let h = 1; h <= BLOCKS; h++) {
      const block = chain.block(h);
      block.results.txs_results?.forEach((result, i) => {
        const message = block.txs[i]?.body.messages[0] ?? { "@type": "" };
        if (message["@type"] !== "/initia.move.v1.MsgExecute") return;
        expect(message.module_address).toBe("0x1");
        functions.add(`${message.module_name}::${message.function_name}`);
        const shapes = moveShapes(result.events);
        if (result.code === 0) expect(shapes.execute).toEqual(real.execute);
        for (const [tag, keys] of shapes.data) seen.set(tag, keys);
      });
    }
    expect([...functions].sort()).toEqual([
      "initia_nft::burn",
      "initia_nft::create_collection",
      "initia_nft::mint",
      "object::transfer",
    ]);
    for (const tag of [
      "0x1::object::CreateEvent",
      "0x1::collection::CreateCollectionEvent",
      "0x1::collection::MintEvent",
      "0x1::object::TransferEvent",
    ])
      expect(seen.get(tag), tag).toEqual(real.data.get(tag));
    // No real BurnEvent is recorded: it is MintEvent's shape (collection::BurnEvent in initia_stdlib).
    expect(seen.get("0x1::collection::BurnEvent")).toEqual(real.data.get("0x1::collection::MintEvent"));
  });

  it("cw721: MsgExecuteContract whose execute and wasm events are miniwasm-moo-1's, msg bytes as REST shows them", () => {
    const realMint = realEvents("miniwasm-moo-1/h415297_wasm_cw721_mint");
    const realTransfer = realEvents("miniwasm-moo-1/h441805_wasm_cw721_transfer");
    const chain = createChain({ seed: 11, vm: "wasm" });
    const actions = new Set<string>();
    for (let h = 1; h <= BLOCKS; h++) {
      const block = chain.block(h);
      block.results.txs_results?.forEach((result, i) => {
        const rest = block.txs[i]?.body.messages[0] ?? { "@type": "" };
        if (rest["@type"] !== "/cosmwasm.wasm.v1.MsgExecuteContract") return;
        const raw = TxRaw.decode(Buffer.from(block.block.block.data.txs[i] ?? "", "base64"));
        const msg = MsgExecuteContract.decode(
          TxBody.decode(raw.bodyBytes).messages[0]?.value ?? new Uint8Array(),
        );
        expect(JSON.parse(Buffer.from(msg.msg).toString())).toEqual(rest.msg);
        expect(msg.contract).toBe(rest.contract);
        if (result.code !== 0) return;
        const action = result.events.find((e) => e.type === "wasm")?.attributes[1]?.value ?? "";
        actions.add(action);
        expect(keysOf(result.events, "execute")).toEqual(keysOf(realMint, "execute"));
        if (action === "mint") expect(keysOf(result.events, "wasm")).toEqual(keysOf(realMint, "wasm"));
        if (action === "transfer_nft")
          expect(keysOf(result.events, "wasm")).toEqual(keysOf(realTransfer, "wasm"));
      });
    }
    expect([...actions].sort()).toEqual(["burn", "mint", "transfer_nft"]);
  });
});
