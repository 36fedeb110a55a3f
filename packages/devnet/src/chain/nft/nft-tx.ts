/**
 * What the NFT content (nft-content.ts) and the NFT tx builders of each VM
 * (../msgs/move-nft-execute.ts, ../msgs/wasm-nft-execute.ts) share: the context a builder gets, the tx it returns, the NFT truth, and the token
 * URI both the mint args and the Move resource carry. Its own module so neither side imports the
 * other's (nft-content imports the builders).
 */

import type { RestTx, TxResult } from "../../payloads.js";
import type { CollectionPlan } from "./nft-schedule.js";

/** One NFT change a successful tx makes. Collections are 0x + lower hex; accounts are bech32. */
export type NftChangeTruth =
  | { kind: "collection"; collection: string; name: string; creator: string }
  | { kind: "mint"; collection: string; tokenId: string; owner: string; object?: string }
  | { kind: "transfer"; collection: string; tokenId: string; owner: string }
  | { kind: "burn"; collection: string; tokenId: string };

export interface NftTruth {
  collections: {
    collection: string;
    name: string;
    creator: string;
    height: number;
    /** Live tokens. */
    count: number;
    /** Tokens ever minted into it. */
    minted: number;
  }[];
  tokens: { collection: string; tokenId: string; owner: string; object?: string; height: number }[];
}

/** The token URI a devnet NFT is minted with (Move `initia_nft::mint`'s token_uri argument). */
export const tokenUri = (collectionIndex: number, tokenId: string) =>
  `https://devnet.weft.example/${collectionIndex}/${tokenId}`;

export interface NftTxBuild {
  raw: string;
  hash: string;
  rest: RestTx;
  result: TxResult;
  signer: string;
  msgType: string;
  accounts: string[];
  nft: NftChangeTruth[];
}

export interface NftContext {
  seed: number;
  prefix: string;
  accounts: string[];
  keys: Buffer[];
  /** 0x + 40 lower hex of each account, as Move events print them. */
  hex: string[];
  /** The collection's address: 0x + 64 lower hex. */
  collectionAddr(c: CollectionPlan): string;
}
