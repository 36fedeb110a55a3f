/**
 * Addresses in the contract's format per field and VM (read on every operation serving them):
 * - `format.nft-addresses.<op>`: NFT owners and collection creators are bech32.
 * - `format.holder-accounts`: rich list holders are 0x hex on an EVM chain, bech32 elsewhere.
 * - `format.internal-frames.<op>`: call frames number depth-first, the top one (index 0) with
 *   `parent_index` -1 and every other one pointing at an earlier frame of its tx; `from`/`to` hex.
 */
import { type Check, type CheckContext, describe, fail, pass, skip } from "../check.js";
import type { Outcome } from "../types.js";
import { isRecord } from "../wire.js";
import { outcomeOf, type Records, readList } from "./tx-sources.js";

const BECH32 = /^[a-z]{1,83}1[02-9ac-hj-np-z]{38,58}$/;
const EVM_ADDRESS_OR_EMPTY = /^(0x[0-9a-fA-F]{40})?$/;
const enc = encodeURIComponent;

const NFT = "/indexer/nft/v1";
const NFT_SOURCES: Record<string, (ctx: CheckContext) => Promise<Records>> = {
  listNftCollections: (ctx) =>
    readList(ctx, `${NFT}/collections`, "collections", { "pagination.limit": "20" }),
  getNftCollection: async (ctx) => {
    const nft = ctx.discovery.nft;
    if (!nft) return { skip: "no NFT collection found on the deployment" };
    const res = await ctx.probe.get(`${NFT}/collections/${enc(nft.collectionAddr)}`);
    const c = isRecord(res.json) ? res.json.collection : undefined;
    return res.status === 200 && isRecord(c)
      ? { items: [c] }
      : { problem: `/collections/${nft.collectionAddr}: ${describe(res)}` };
  },
  listNftTokensByCollection: async (ctx) => {
    const nft = ctx.discovery.nft;
    if (!nft) return { skip: "no NFT collection found on the deployment" };
    return readList(ctx, `${NFT}/tokens/by_collection/${enc(nft.collectionAddr)}`, "tokens", {
      "pagination.limit": "20",
    });
  },
  listNftTokensByAccount: async (ctx) => {
    const nft = ctx.discovery.nft;
    if (!nft?.tokenId) return { skip: "no NFT found on the deployment" };
    const tokens = await readList(ctx, `${NFT}/tokens/by_collection/${enc(nft.collectionAddr)}`, "tokens", {
      "pagination.limit": "1",
    });
    if (!("items" in tokens)) return tokens;
    const owner = tokens.items[0]?.owner;
    if (typeof owner !== "string" || owner === "") return { skip: "no NFT owner found" };
    return readList(ctx, `${NFT}/tokens/by_account/${enc(owner)}`, "tokens", { "pagination.limit": "20" });
  },
};

async function nftAddresses(ctx: CheckContext, op: string): Promise<Outcome> {
  const r = await NFT_SOURCES[op]!(ctx);
  const early = outcomeOf(r);
  if (early || !("items" in r)) return early ?? skip("no records");
  for (const item of r.items) {
    const creator = isRecord(item.collection) ? item.collection.creator : undefined;
    for (const [field, value] of [
      ["owner", item.owner],
      ["collection.creator", creator],
    ] as const) {
      if (value !== undefined && !BECH32.test(String(value)))
        return fail(`${field} ${JSON.stringify(value)} is not bech32, as the contract has it`);
    }
  }
  return pass(`${r.items.length} record(s)`);
}

/** Holders are 0x hex on an EVM chain (one serving EVM txs), bech32 elsewhere. */
async function holderAccounts(ctx: CheckContext): Promise<Outcome> {
  const denom = ctx.discovery.denom;
  if (!denom) return skip("no denom found on the deployment");
  const r = await readList(ctx, `/indexer/richlist/v1/${enc(denom)}`, "holders", {
    "pagination.limit": "20",
  });
  const early = outcomeOf(r);
  if (early || !("items" in r)) return early ?? skip("no records");
  const evm = ctx.discovery.evm !== undefined;
  const format = evm ? /^0x[0-9a-fA-F]{40}$/ : BECH32;
  const stray = r.items.find((h) => !format.test(String(h.account)));
  return stray
    ? fail(
        `holder ${JSON.stringify(stray.account)} is not ${evm ? "0x hex, as on an EVM chain" : "bech32, as off EVM chains"}`,
      )
    : pass(`${r.items.length} holder(s), ${evm ? "hex (EVM)" : "bech32"}`);
}

const FRAMES = "/indexer/tx/v1/evm-internal-txs";
const FRAME_SOURCES: Record<string, (ctx: CheckContext, first: Record<string, unknown>) => Promise<Records>> =
  {
    listEvmInternalTxs: (ctx) => readList(ctx, FRAMES, "internal_txs", { "pagination.limit": "50" }),
    listEvmInternalTxsByHash: (ctx, first) =>
      readList(ctx, `${FRAMES}/${enc(String(first.hash))}`, "internal_txs", {
        "pagination.limit": "1000",
        "pagination.reverse": "false",
      }),
    listEvmInternalTxsByHeight: (ctx, first) =>
      readList(ctx, `${FRAMES}/by_height/${enc(String(first.height))}`, "internal_txs", {
        "pagination.limit": "100",
      }),
    listEvmInternalTxsByAccount: async (ctx, first) => {
      // The account a frame at index 1 (parent: the top call) names, so that the account's list holds
      // a frame any misnumbering of parents breaks. The newest frame's own account may name only deep
      // frames: a real minievm tx's top call is a wrapper from 0x0, whose first children call the fee
      // token, and a frame deep in a tree keeps a valid-looking parent when every parent is off by one.
      const frames = await FRAME_SOURCES.listEvmInternalTxsByHash!(ctx, first);
      const second = "items" in frames ? frames.items.find((f) => Number(f.index) === 1) : undefined;
      const account = String(second?.to || second?.from || first.from);
      return readList(ctx, `${FRAMES}/by_account/${enc(account)}`, "internal_txs", {
        "pagination.limit": "50",
      });
    },
  };

async function internalFrames(ctx: CheckContext, op: string): Promise<Outcome> {
  const newest = await readList(ctx, FRAMES, "internal_txs", { "pagination.limit": "1" });
  const early = outcomeOf(newest);
  if (early || !("items" in newest)) return early ?? skip("no internal txs indexed");
  const r = await FRAME_SOURCES[op]!(ctx, newest.items[0] ?? {});
  const none = outcomeOf(r);
  if (none || !("items" in r)) return none ?? skip("no records");
  for (const f of r.items) {
    const at = `frame ${String(f.index)} of ${String(f.hash)}`;
    const index = Number(f.index);
    const parent = Number(f.parent_index);
    if (index === 0 && parent !== -1)
      return fail(`${at} is the top call but has parent_index ${parent}, not -1`);
    if (index > 0 && !(parent >= 0 && parent < index))
      return fail(`${at} has parent_index ${parent}: not an earlier frame of its tx`);
    for (const field of ["from", "to"] as const) {
      if (!EVM_ADDRESS_OR_EMPTY.test(String(f[field])))
        return fail(`${at}: \`${field}\` ${JSON.stringify(f[field])} is not 0x + 40 hex or ""`);
    }
  }
  if (op === "listEvmInternalTxsByHash") {
    const indexes = r.items.map((f) => Number(f.index));
    if (indexes.some((x, i) => x !== i))
      return fail(`frames are not numbered 0..n-1 in order: ${indexes.join(",")}`);
  }
  return pass(`${r.items.length} frame(s)`);
}

export function addressFormatChecks(): Check[] {
  return [
    ...Object.keys(NFT_SOURCES).map(
      (op): Check => ({
        id: `format.nft-addresses.${op}`,
        class: "nft",
        kind: "consistency",
        title: `${op}: NFT owners and collection creators are bech32`,
        operationId: op,
        requires: [op, "listNftTokensByCollection"],
        run: (ctx) => nftAddresses(ctx, op),
      }),
    ),
    {
      id: "format.holder-accounts",
      class: "richlist",
      kind: "consistency",
      title: "Rich list holders are 0x hex on an EVM chain, bech32 elsewhere",
      operationId: "listRichList",
      requires: ["listRichList"],
      run: holderAccounts,
    },
    ...Object.keys(FRAME_SOURCES).map(
      (op): Check => ({
        id: `format.internal-frames.${op}`,
        class: "evm",
        kind: "consistency",
        title: `${op}: the top call frame has parent_index -1, others point at an earlier frame`,
        operationId: op,
        requires: [op, "listEvmInternalTxs"],
        run: (ctx) => internalFrames(ctx, op),
      }),
    ),
  ];
}
