/**
 * When the devnet's NFTs are created, minted, transferred and burned: a pure function of
 * (seed, height), shared by the Move and the CosmWasm content. A token minted at height m has its
 * whole life drawn from one PRNG seeded by (seed, m): its collection, first owner, a transfer (or a
 * failed transfer by a non-owner) at each of HOP_OFFSETS after m, and maybe a burn at BURN_OFFSET.
 * So block h looks back at a fixed handful of mint heights (h - offset) and never needs history,
 * and the owner of any token at any height is recomputable by walking its schedule.
 */
import { prng } from "../../prng.js";

/** A new collection every this many blocks, the first in block 1. */
export const COLLECTION_EVERY = 100;
/** Chance that a block mints a token (at most one per block, so its height is its token id). */
const MINT_RATE = 0.35;
/** Blocks after its mint when a token may move; each happens with HOP_RATE. */
export const HOP_OFFSETS = [2, 7, 23, 61, 151] as const;
const HOP_RATE = 0.45;
/** Of the hops that happen, the share that fail: a non-owner tries to take the token. */
const FAILED_HOP_RATE = 0.06;
/** Blocks after its mint when a token may be burned by its owner (after its last hop). */
export const BURN_OFFSET = 211;
const BURN_RATE = 0.15;

export interface CollectionPlan {
  index: number;
  height: number;
  /** Index of the creating account, which alone mints into it. */
  creator: number;
  name: string;
}

export interface HopPlan {
  height: number;
  /** The signer: the owner, or for a failed hop the account that tried to take the token. */
  from: number;
  to: number;
  failed: boolean;
}

export interface TokenPlan {
  mintHeight: number;
  tokenId: string;
  collection: CollectionPlan;
  /** The account it is minted to. */
  owner: number;
  hops: HopPlan[];
  /** The burn, by the owner after the last hop, if any. */
  burn?: { height: number; by: number };
}

export function createNftSchedule(seed: number, accounts: number) {
  const collectionAt = (index: number): CollectionPlan => {
    const rand = prng(seed * 4_000_037 + index);
    return {
      index,
      height: 1 + index * COLLECTION_EVERY,
      creator: Math.floor(rand() * accounts),
      name: `Weft Devnet ${seed}-${index}`,
    };
  };
  /** The token minted at height m, or undefined when block m mints none. */
  const tokenAt = (m: number): TokenPlan | undefined => {
    if (m < 1) return undefined;
    const rand = prng(seed * 3_000_017 + m);
    if (rand() >= MINT_RATE) return undefined;
    const collections = Math.floor((m - 1) / COLLECTION_EVERY) + 1;
    const collection = collectionAt(Math.floor(rand() * collections));
    const minted = Math.floor(rand() * accounts);
    let owner = minted;
    const hops: HopPlan[] = [];
    for (const offset of HOP_OFFSETS) {
      const happens = rand() < HOP_RATE;
      const to = (owner + 1 + Math.floor(rand() * (accounts - 1))) % accounts;
      const failed = rand() < FAILED_HOP_RATE;
      if (!happens) continue;
      hops.push({ height: m + offset, from: failed ? to : owner, to, failed });
      if (!failed) owner = to;
    }
    const burn = rand() < BURN_RATE ? { height: m + BURN_OFFSET, by: owner } : undefined;
    return { mintHeight: m, tokenId: String(m), collection, owner: minted, hops, burn };
  };
  return {
    collectionAt,
    tokenAt,
    /** The collection created in block h, if any. */
    collectionCreatedAt(h: number): CollectionPlan | undefined {
      return (h - 1) % COLLECTION_EVERY === 0 ? collectionAt((h - 1) / COLLECTION_EVERY) : undefined;
    },
    /** Every collection created up to and including block h. */
    collectionsUpTo(h: number): CollectionPlan[] {
      return h < 1
        ? []
        : Array.from({ length: Math.floor((h - 1) / COLLECTION_EVERY) + 1 }, (_, i) => collectionAt(i));
    },
  };
}

export type NftSchedule = ReturnType<typeof createNftSchedule>;

/** The NFT actions of block h in the order its txs carry them. */
export type NftAction =
  | { kind: "collection"; collection: CollectionPlan }
  | { kind: "mint"; token: TokenPlan }
  | { kind: "transfer"; token: TokenPlan; hop: HopPlan }
  | { kind: "burn"; token: TokenPlan; by: number };

export function nftActionsAt(schedule: NftSchedule, h: number): NftAction[] {
  const actions: NftAction[] = [];
  const created = schedule.collectionCreatedAt(h);
  if (created) actions.push({ kind: "collection", collection: created });
  const minted = schedule.tokenAt(h);
  if (minted) actions.push({ kind: "mint", token: minted });
  for (const offset of HOP_OFFSETS) {
    const token = schedule.tokenAt(h - offset);
    const hop = token?.hops.find((x) => x.height === h);
    if (token && hop) actions.push({ kind: "transfer", token, hop });
  }
  const burned = schedule.tokenAt(h - BURN_OFFSET);
  if (burned?.burn) actions.push({ kind: "burn", token: burned, by: burned.burn.by });
  return actions;
}

/** Who owns a token after block h: undefined when not minted yet or burned. */
export function ownerAt(token: TokenPlan, h: number): number | undefined {
  if (h < token.mintHeight || (token.burn && h >= token.burn.height)) return undefined;
  let owner = token.owner;
  for (const hop of token.hops) if (hop.height <= h && !hop.failed) owner = hop.to;
  return owner;
}
