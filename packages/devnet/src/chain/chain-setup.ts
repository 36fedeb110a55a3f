/**
 * Everything a seeded chain derives from its options once, before any block: its accounts and
 * their keys, the block proposer and its opchild validator, the EVM accounts and contracts, the
 * NFT content, and the hash and time of any height. The block builders (block-txs.ts,
 * block-payload.ts) and the state queries read it; nothing in it changes after creation.
 */
import { createHash } from "node:crypto";
import { bech32 } from "bech32";
import { prng } from "../prng.js";
import type { ChainOptions, OpchildValidator } from "./chain-types.js";
import type { DensityOptions } from "./density.js";
import { type EvmAccount, evmAccounts } from "./evm-accounts.js";
import { type Contracts, contractsOf } from "./evm-scenarios.js";
import { createNftContent, type NftContent } from "./nft/nft-content.js";

export interface ChainSetup {
  seed: number;
  chainId: string;
  prefix: string;
  vm: "evm" | "move" | "wasm";
  /** Most bank-stream txs (sends, delegations) in a block. */
  maxTxs: number;
  /** Most EVM txs in a block (0 off EVM). */
  maxEvmTxs: number;
  density: DensityOptions;
  /** Compressed secp256k1-shaped keys; the chain only hashes them (no signature is ever verified). */
  keys: Buffer[];
  /** bech32 of each key. */
  accounts: string[];
  /** Consensus address of the one block proposer, upper-case hex. */
  proposer: string;
  proposerValoper: string;
  proposerValidator: OpchildValidator;
  /** EVM accounts that send the EVM txs (EVM chains; empty elsewhere). */
  evmUsers: EvmAccount[];
  contracts: Contracts;
  /** The ERC-20 of the EVM txs' fee denom. */
  gasToken: string;
  evmChainId: number;
  /** NFT txs and truth (Move and Wasm chains unless turned off). */
  nft: NftContent | undefined;
  /** Upper-case hex hash of block `h`. */
  blockHashOf(h: number): string;
  /** Unix ms of block `h`, deterministically jittered. */
  timeOf(h: number): number;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const ripemd160 = (data: Uint8Array) => createHash("ripemd160").update(data).digest();

/** The bech32 form of a 0x address. */
export const bech32Of = (hex: string, prefix: string) =>
  bech32.encode(prefix, bech32.toWords(Buffer.from(hex.replace(/^0x/, ""), "hex")));

export function chainSetup(options: ChainOptions): ChainSetup {
  const seed = options.seed ?? 1;
  const prefix = options.prefix ?? "init";
  const genesisMs = options.genesisMs ?? Date.parse("2026-01-01T00:00:00Z");
  const interval = options.blockIntervalMs ?? 1000;
  const keys = Array.from({ length: options.accounts ?? 8 }, (_, i) =>
    Buffer.concat([Buffer.from([2]), sha256(`devnet-${seed}-key-${i}`)]),
  );
  const accounts = keys.map((k) => bech32.encode(prefix, bech32.toWords(ripemd160(sha256(k)))));
  const proposer = sha256(`devnet-${seed}-proposer`).subarray(0, 20).toString("hex").toUpperCase();
  const proposerValoper = bech32.encode(`${prefix}valoper`, bech32.toWords(Buffer.from(proposer, "hex")));
  const vm = options.vm ?? "move";
  return {
    seed,
    chainId: options.chainId ?? "weft-devnet-1",
    prefix,
    vm,
    maxTxs: options.maxTxsPerBlock ?? 4,
    maxEvmTxs: vm === "evm" ? (options.maxEvmTxsPerBlock ?? 3) : 0,
    density: options.density ?? {},
    keys,
    accounts,
    proposer,
    proposerValoper,
    proposerValidator: {
      moniker: `devnet-validator-${seed}`,
      operator_address: proposerValoper,
      consensus_pubkey: {
        "@type": "/cosmos.crypto.ed25519.PubKey",
        key: sha256(`devnet-${seed}-proposer-key`).toString("base64"),
      },
      cons_power: "1",
    },
    evmUsers: vm === "evm" ? evmAccounts(seed, options.accounts ?? 8, prefix) : [],
    contracts: contractsOf(seed),
    gasToken: `0x${sha256(`devnet-${seed}-gas-erc20`).subarray(0, 20).toString("hex")}`,
    evmChainId: 1_000_000 + seed,
    nft:
      vm === "evm" || options.nftTxs === false
        ? undefined
        : createNftContent({ seed, vm, prefix, accounts, keys }),
    blockHashOf: (h) => sha256(`devnet-${seed}-block-${h}`).toString("hex").toUpperCase(),
    timeOf: (h) => genesisMs + (h - 1) * interval + Math.floor(prng(seed * 7919 + h)() * interval * 0.2),
  };
}
