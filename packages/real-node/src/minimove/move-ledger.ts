/**
 * The minimove ledger: the tier's shared `Ledger` (txs, NFT collections with their live tokens, the
 * rich list to compare) plus what only Move has: each NFT's object address, the height of its last
 * change, burned NFTs, and the fungible movements of the chain's denom. Every value is read from the
 * committed tx (hash, height, signer, message types, Move events), never assumed from the command.
 */
import type { Ledger } from "../checks/ledger.js";

/** An NFT minted by the scenario, as it stands after the scenario. */
export interface MoveToken {
  /** Collection object address, 0x + 64 lower-case hex digits. */
  collection: string;
  id: string;
  /** The NFT's object address, 0x + 64 lower-case hex digits. */
  objectAddr: string;
  /** bech32 of the current owner. */
  owner: string;
  uri: string;
  /** Height of its last mint, transfer or URI change. */
  height: number;
  /** Hashes of every tx that touched it (mint, transfers, mutations, burn), oldest first. */
  txHashes: string[];
  /** Burned by the scenario: no longer served as a token nor counted in its collection. */
  burned: boolean;
}

/** A movement of the chain's denom (a bank send or a Move FA transfer). */
export interface MoveTransfer {
  hash: string;
  from: string;
  to: string;
  amount: bigint;
}

export interface MinimoveLedger extends Ledger {
  vm: "move";
  /** The chain's denom (`umin`). */
  denom: string;
  /** Every NFT the scenario minted, burned ones included. */
  moveTokens: MoveToken[];
  transfers: MoveTransfer[];
}
