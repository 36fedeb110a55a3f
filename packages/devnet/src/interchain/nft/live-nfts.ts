/**
 * The NFTs a live chain's txs create and move (its genesis NFTs, nft-genesis.ts, and what
 * broadcast txs do to them): collections and tokens of any of the three standards, each token's
 * owner by height. The modules that execute NFT messages (move-nfts.ts, cw721-nfts.ts,
 * erc721-nfts.ts) change it only through the functions below, each of which logs its undo in the
 * tx's journal, so a failing tx leaves no trace here. The chain's queries (resources, contract
 * info, ownerOf, view functions) and its `nftTruth` read it.
 *
 * Invariant: a token's `owners` only grows by transfers at non-decreasing heights, and its last
 * entry is the owner now; an undo removes exactly the entry its change added.
 */
import type { NftTruth } from "../../chain/nft/nft-tx.js";

/** The VMs whose NFTs a live chain can hold: Move objects, ERC-721s (minievm), cw721s (miniwasm). */
export type NftVm = "move" | "evm" | "wasm";

/** Which contract model holds a collection: a Move collection object, a cw721 or an ERC-721 contract. */
export type NftStandard = "move" | "cw721" | "erc721";

/** What a change needs from the tx it runs in (ExecContext has both). */
export interface NftTxContext {
  height: number;
  /** Undo log of the tx: a failing message runs it backwards. */
  journal: (() => void)[];
}

export interface LiveCollection {
  /** The collection object or contract: 0x + lower-case hex (64 digits; 40 for an ERC-721). */
  address: string;
  standard: NftStandard;
  name: string;
  /** cw721 / ERC-721 symbol ("" for Move). */
  symbol: string;
  uri: string;
  /** bech32 of the account that created it. */
  creator: string;
  /** bech32 of the one account that may mint into it (the creator, or a cw721's `minter`). */
  minter: string;
  /** Height of the block whose tx created it. */
  height: number;
}

export interface LiveToken {
  /** Its collection's `address`. */
  collection: string;
  tokenId: string;
  uri: string;
  /** Move: the token's own object, 0x + 64 lower-case hex. */
  object?: string;
  /** bech32 owner from each height on, oldest first; the last is the owner now ("" once burned). */
  owners: { height: number; owner: string }[];
  /** ERC-721 `getApproved`: the approved 0x address; a transfer clears it. */
  approved?: string;
}

export interface LiveNfts {
  collection(address: string): LiveCollection | undefined;
  collections(): LiveCollection[];
  token(collection: string, tokenId: string): LiveToken | undefined;
  /** The Move token whose object is `object`. */
  tokenByObject(object: string): LiveToken | undefined;
  tokens(collection: string): LiveToken[];
  /** The owner of `token` after block `height` (the head when omitted); undefined before its mint. */
  ownerAt(token: LiveToken, height?: number): string | undefined;
  addCollection(ctx: NftTxContext, collection: Omit<LiveCollection, "height">): void;
  mint(
    ctx: NftTxContext,
    token: { collection: string; tokenId: string; uri: string; owner: string; object?: string },
  ): LiveToken;
  transfer(ctx: NftTxContext, token: LiveToken, to: string): void;
  /**
   * Burns `token` (an ICS-721 voucher going home): it has no owner from now on, and a later
   * `transfer` (the voucher minted again) gives it one.
   */
  burn(ctx: NftTxContext, token: LiveToken): void;
  approve(ctx: NftTxContext, token: LiveToken, spender: string | undefined): void;
  /** Collections and live tokens after block `height`, in the chain's NftTruth shape. */
  truth(height: number): NftTruth;
}

const key = (collection: string, tokenId: string) => `${collection.toLowerCase()}/${tokenId}`;

export function createLiveNfts(): LiveNfts {
  const collections = new Map<string, LiveCollection>();
  const tokens = new Map<string, LiveToken>();
  const objects = new Map<string, LiveToken>();
  // A burned token's entry has owner "": it has no owner then.
  const ownerAt = (token: LiveToken, height = Number.POSITIVE_INFINITY) =>
    token.owners.filter((o) => o.height <= height).at(-1)?.owner || undefined;
  const transfer: LiveNfts["transfer"] = (ctx, token, to) => {
    const approved = token.approved;
    token.owners.push({ height: ctx.height, owner: to });
    delete token.approved;
    ctx.journal.push(() => {
      token.owners.pop();
      if (approved !== undefined) token.approved = approved;
    });
  };

  return {
    collection: (address) => collections.get(address.toLowerCase()),
    collections: () => [...collections.values()],
    token: (collection, tokenId) => tokens.get(key(collection, tokenId)),
    tokenByObject: (object) => objects.get(object.toLowerCase()),
    tokens: (collection) => [...tokens.values()].filter((t) => t.collection === collection.toLowerCase()),
    ownerAt,
    addCollection(ctx, collection) {
      const address = collection.address.toLowerCase();
      collections.set(address, { ...collection, address, height: ctx.height });
      ctx.journal.push(() => collections.delete(address));
    },
    mint(ctx, t) {
      const token: LiveToken = {
        collection: t.collection.toLowerCase(),
        tokenId: t.tokenId,
        uri: t.uri,
        ...(t.object ? { object: t.object.toLowerCase() } : {}),
        owners: [{ height: ctx.height, owner: t.owner }],
      };
      const k = key(token.collection, token.tokenId);
      tokens.set(k, token);
      if (token.object) objects.set(token.object, token);
      ctx.journal.push(() => {
        tokens.delete(k);
        if (token.object) objects.delete(token.object);
      });
      return token;
    },
    transfer,
    burn: (ctx, token) => transfer(ctx, token, ""),
    approve(ctx, token, spender) {
      const before = token.approved;
      if (spender === undefined) delete token.approved;
      else token.approved = spender;
      ctx.journal.push(() => {
        if (before === undefined) delete token.approved;
        else token.approved = before;
      });
    },
    truth(height) {
      const live = [...collections.values()].filter((c) => c.height <= height);
      const out: NftTruth = {
        collections: live.map((c) => ({
          collection: c.address,
          name: c.name,
          creator: c.creator,
          height: c.height,
          count: 0,
          minted: 0,
        })),
        tokens: [],
      };
      for (const t of tokens.values()) {
        const entry = t.owners.filter((o) => o.height <= height).at(-1);
        const collection = out.collections.find((c) => c.collection === t.collection);
        if (!entry?.owner || !collection) continue;
        collection.count++;
        collection.minted++;
        out.tokens.push({
          collection: t.collection,
          tokenId: t.tokenId,
          owner: entry.owner,
          ...(t.object ? { object: t.object } : {}),
          height: entry.height,
        });
      }
      return out;
    },
  };
}

/** Two chains' worth of NFT truth as one (a live chain's background and its live NFTs). */
export const mergeNftTruth = (a: NftTruth, b: NftTruth): NftTruth => ({
  collections: [...a.collections, ...b.collections],
  tokens: [...a.tokens, ...b.tokens],
});
