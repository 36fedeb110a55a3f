/**
 * What a scenario sent, as it sent it: the truth the checks hold Weft to. Written by the scenario from
 * its own requests and the node's answers to them (heights, hashes, message types), never from Weft.
 * Shared by every VM's scenario (minievm here, minimove beside it), so nothing in it is EVM-only but
 * the optional `evmHash`.
 */

export interface LedgerTx {
  /** What the scenario meant, for failure messages ("bank send alice -> bob"). */
  label: string;
  /** Cosmos tx hash, upper-case hex without 0x. */
  hash: string;
  /** Height the node committed it at. */
  height: number;
  /** Signer, bech32 (the account of `auth_info.signer_infos[0]`). */
  signer: string;
  /** Other accounts the tx names (recipients, contracts, NFT owners), bech32; the signer is not listed. */
  recipients: string[];
  /** Message type URLs as the node reports them, e.g. "/cosmos.bank.v1beta1.MsgSend". */
  msgTypes: string[];
  /** The EVM tx hash (0x, lower case) on minievm. */
  evmHash?: string;
}

export interface LedgerNftToken {
  /** Token id as the indexer writes it (decimal for ERC-721). */
  id: string;
  /** Current owner, bech32. */
  owner: string;
  uri: string;
  /** Cosmos hashes of the txs that minted or moved it, in order. */
  txHashes: string[];
}

export interface LedgerNftCollection {
  /** Collection address, lower-case 0x hex (20 bytes on EVM, 32 on Move). */
  address: string;
  name: string;
  /** Who created it (for ERC-721: the deployer), bech32. */
  creator: string;
  /** Height it was created at (for ERC-721: the deploy tx's height). */
  height: number;
  tokens: LedgerNftToken[];
}

/** A denom whose rich list is checked against the node's balances of `accounts`. */
export interface LedgerRichList {
  /** What to ask `/indexer/richlist/v1/{denom}` for. */
  denom: string;
  /** How the node answers balances: bank REST, or the ERC-20's `balanceOf` over JSON-RPC. */
  source: { kind: "bank"; denom: string } | { kind: "erc20"; contract: string };
  /** Accounts expected among the holders (bech32); the node's balance of each is the truth. */
  accounts: string[];
}

export interface Ledger {
  chainId: string;
  vm: "evm" | "move";
  txs: LedgerTx[];
  nftCollections: LedgerNftCollection[];
  richLists: LedgerRichList[];
}

/** The last height any ledger tx is at: Weft must have indexed at least this far. */
export function lastLedgerHeight(ledger: Ledger): number {
  return Math.max(0, ...ledger.txs.map((t) => t.height), ...ledger.nftCollections.map((c) => c.height));
}
