/** The seeded chain's options and the interface every chain (seeded or live) serves. */

import type { BlockPayload } from "../payloads.js";
import type { BankState } from "./bank-state.js";
import type { DensityOptions } from "./density.js";
import type { EvmAccount } from "./evm-accounts.js";
import type { EvmBlock } from "./evm-block-types.js";
import type { MoveResource } from "./move-resource.js";
import type { NftTruth } from "./nft/nft-tx.js";
import type { TxTruth } from "./tx-truth.js";

export interface ChainOptions {
  /** Same seed, same chain. @default 1 */
  seed?: number;
  /** @default "weft-devnet-1" */
  chainId?: string;
  /** bech32 account prefix. @default "init" */
  prefix?: string;
  /** Accounts that send to each other. @default 8 */
  accounts?: number;
  /** Most txs in a block. @default 4 */
  maxTxsPerBlock?: number;
  /** Time of block 1. @default 2026-01-01T00:00:00Z */
  genesisMs?: number;
  /** Milliseconds between blocks (jittered deterministically). @default 1000 */
  blockIntervalMs?: number;
  /**
   * The chain's VM. `evm` makes a minievm-like chain: blocks also carry EVM txs (Cosmos txs with one
   * MsgCall or MsgCreate each), served over EVM JSON-RPC too. `move` chains also carry Move NFT
   * txs (MsgExecute of 0x1 entry functions), `wasm` chains (miniwasm-like) cw721 txs (nft/nft-content.ts).
   * @default "move"
   */
  vm?: "evm" | "move" | "wasm";
  /** Most EVM txs in a block (EVM chains). @default 3 */
  maxEvmTxsPerBlock?: number;
  /** Move and Wasm chains carry NFT txs (nft/nft-schedule.ts); false leaves them out. @default true */
  nftTxs?: boolean;
  /** Benchmark density: fresh recipients, forced ERC-721 mints (see density.ts). @default {} */
  density?: DensityOptions;
}

export interface Chain {
  chainId: string;
  prefix: string;
  vm: "evm" | "move" | "wasm";
  /** EIP-155 chain id of the EVM side. */
  evmChainId: number;
  accounts: string[];
  /** EVM accounts that send the EVM txs (EVM chains). */
  evmAccounts: EvmAccount[];
  /** The JSON-RPC view of a block's EVM txs; empty on non-EVM chains. */
  evm(height: number): EvmBlock;
  block(height: number): BlockPayload;
  /** Ground truth of one block's txs. */
  truth(height: number): TxTruth[];
  /** Every NFT collection and live token after block `height` (Move and Wasm chains; empty on EVM). */
  nftTruth(height: number): NftTruth;
  /**
   * `eth_call` of the devnet's contracts (EVM chains): the ERC-721's `name()` and `tokenURI(id)`, and
   * the fee denom's ERC-20 `balanceOf(address)` after block `height` (the bank balance, as on
   * minievm), as ABI-encoded 0x hex; undefined where a real contract would revert (any other call or
   * address, or `balanceOf` without a height).
   */
  evmCall(to: string, data: string, height?: number): string | undefined;
  /**
   * Bank state at any height (genesis + the coins the chain's events move): what `auth/v1beta1/accounts`
   * and `bank/v1beta1/balances` answer. A live chain's adds its live genesis and txs (live-bank.ts).
   */
  bank?: BankState;
  /** The cw721 contract at `addr` (0x + 64 hex) as of block `height` (Wasm chains), or undefined. */
  wasmContract(addr: string, height: number): { name: string; symbol: string; creator: string } | undefined;
  /**
   * minievm's `contracts/by_denom` (EVM chains): the lower-case 0x ERC-20 address behind a Cosmos
   * denom. `evm/<hex>` is that contract itself; the fee denom (`uinit`) is the devnet's ERC-20 (on
   * minievm every bank denom is an ERC-20); undefined for any other denom, and off EVM.
   */
  contractByDenom(denom: string): string | undefined;
  /**
   * A Move resource of `structTag` at `address` (0x + 64 hex) as of block `height` (Move chains):
   * `0x1::nft::Nft` of a live NFT object, `0x1::fungible_asset::Metadata` of the coin's metadata
   * object (move-fungible-asset.ts); undefined for anything the devnet does not hold.
   */
  moveResource(address: string, structTag: string, height: number): MoveResource | undefined;
  /**
   * OPinit opchild's validator by operator address: the devnet has one, the block proposer, whose
   * operator address is the proposer's consensus address bytes under `<prefix>valoper`; undefined
   * for any other address.
   */
  validator(valoper: string): OpchildValidator | undefined;
}

/** `/opinit/opchild/v1/validator/{addr}`'s `validator`, as opchild prints it. */
export interface OpchildValidator {
  moniker: string;
  operator_address: string;
  consensus_pubkey: { "@type": string; key: string };
  cons_power: string;
}
