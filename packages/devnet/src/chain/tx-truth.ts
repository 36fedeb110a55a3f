import type { NftChangeTruth } from "./nft/nft-tx.js";

/** The ground truth of one tx of a devnet block, what the indexer's tests compare against. */
export interface TxTruth {
  hash: string;
  height: number;
  index: number;
  code: number;
  signer: string;
  msgType: string;
  accounts: string[];
  /** Bank coins the tx moved (a successful MsgSend), the rich list's ground truth; fees move none. Absent: not tracked (the interchain's live chains). */
  moved?: { from: string; to: string; denom: string; amount: string }[];
  /** NFT changes of a successful Move or cw721 NFT tx (Move and Wasm chains). */
  nft?: NftChangeTruth[];
}
