/**
 * A deterministic chain: every block is a pure function of (seed, height), so the same seed gives a
 * byte-identical chain, any block can be served without keeping history in memory, and the ground
 * truth of any height is recomputable. Txs are real protobuf TxRaw bytes (bank sends and delegations
 * between a few accounts, some failing), so their hashes are what a node would report.
 */
import { createHash } from "node:crypto";
import { bech32 } from "bech32";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { type BankMove, type BankState, createBankState } from "./bank-state.js";
import type { TxTruth } from "./chain/tx-truth.js";
import { cosmosTx } from "./cosmos-tx.js";
import { type DensityOptions, freshBankRecipient } from "./density.js";
import { type EvmAccount, evmAccounts } from "./evm-accounts.js";
import { type EvmBlock, evmBlock } from "./evm-block.js";
import { contractsOf, erc721Call, TRANSFER_TOPIC } from "./evm-scenarios.js";
import { buildEvmTx, type EvmTxBuild } from "./evm-txs.js";
import { fungibleAssetMetadata, fungibleAssetSendEvents } from "./move-fungible-asset.js";
import type { MoveResource } from "./move-resource.js";
import { createNftContent } from "./nft-content.js";
import type { NftTruth } from "./nft-tx.js";
import type { BlockPayload, RestTx, TxResult } from "./payloads.js";
import { prng } from "./prng.js";

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
   * txs (MsgExecute of 0x1 entry functions), `wasm` chains (miniwasm-like) cw721 txs (nft-content.ts).
   * @default "move"
   */
  vm?: "evm" | "move" | "wasm";
  /** Most EVM txs in a block (EVM chains). @default 3 */
  maxEvmTxsPerBlock?: number;
  /** Move and Wasm chains carry NFT txs (nft-schedule.ts); false leaves them out. @default true */
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
   * and `bank/v1beta1/balances` answer. Absent on chains that do not track it (the interchain's live chains).
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

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const ripemd160 = (data: Uint8Array) => createHash("ripemd160").update(data).digest();

export function createChain(options: ChainOptions = {}): Chain {
  const seed = options.seed ?? 1;
  const chainId = options.chainId ?? "weft-devnet-1";
  const prefix = options.prefix ?? "init";
  const genesisMs = options.genesisMs ?? Date.parse("2026-01-01T00:00:00Z");
  const interval = options.blockIntervalMs ?? 1000;
  const maxTxs = options.maxTxsPerBlock ?? 4;
  // Compressed secp256k1-shaped keys; the chain only hashes them (no signature is ever verified).
  const keys = Array.from({ length: options.accounts ?? 8 }, (_, i) =>
    Buffer.concat([Buffer.from([2]), sha256(`devnet-${seed}-key-${i}`)]),
  );
  const accounts = keys.map((k) => bech32.encode(prefix, bech32.toWords(ripemd160(sha256(k)))));
  const proposer = sha256(`devnet-${seed}-proposer`).subarray(0, 20).toString("hex").toUpperCase();
  const proposerValoper = bech32.encode(`${prefix}valoper`, bech32.toWords(Buffer.from(proposer, "hex")));
  const proposerValidator: OpchildValidator = {
    moniker: `devnet-validator-${seed}`,
    operator_address: proposerValoper,
    consensus_pubkey: {
      "@type": "/cosmos.crypto.ed25519.PubKey",
      key: sha256(`devnet-${seed}-proposer-key`).toString("base64"),
    },
    cons_power: "1",
  };
  const vm = options.vm ?? "move";
  const evmUsers = vm === "evm" ? evmAccounts(seed, options.accounts ?? 8, prefix) : [];
  const contracts = contractsOf(seed);
  const gasToken = `0x${sha256(`devnet-${seed}-gas-erc20`).subarray(0, 20).toString("hex")}`;
  const evmChainId = 1_000_000 + seed;
  const maxEvmTxs = vm === "evm" ? (options.maxEvmTxsPerBlock ?? 3) : 0;
  const nft =
    vm === "evm" || options.nftTxs === false
      ? undefined
      : createNftContent({ seed, vm, prefix, accounts, keys });
  const genesis = genesisBalances({ seed, prefix, vm, accounts, evmUsers, router: contracts.router });
  const bank = createBankState({
    prefix,
    genesis,
    contracts: new Set(
      vm === "evm" ? [contracts.token, contracts.nft, contracts.router].map((a) => bech32Of(a, prefix)) : [],
    ),
    moves: (h) => bankMoves(build(h), contracts.token, prefix),
  });
  const blockHashOf = (h: number) => sha256(`devnet-${seed}-block-${h}`).toString("hex").toUpperCase();
  const timeOf = (h: number) =>
    genesisMs + (h - 1) * interval + Math.floor(prng(seed * 7919 + h)() * interval * 0.2);

  function build(height: number) {
    const rand = prng(seed * 1_000_003 + height);
    const count = Math.floor(rand() * (maxTxs + 1));
    const raws: string[] = [];
    const rest: RestTx[] = [];
    const results: TxResult[] = [];
    const truth: TxTruth[] = [];
    for (let i = 0; i < count; i++) {
      const from = Math.floor(rand() * accounts.length);
      const to = (from + 1 + Math.floor(rand() * (accounts.length - 1))) % accounts.length;
      const sender = accounts[from] ?? "";
      const recipient =
        freshBankRecipient({ ...options.density, seed, height, index: i, prefix }) ?? accounts[to] ?? "";
      const amount = String(1 + Math.floor(rand() * 1_000_000));
      const delegate = rand() < 0.2;
      const failed = rand() < 0.08;
      const typeUrl = delegate ? "/cosmos.staking.v1beta1.MsgDelegate" : "/cosmos.bank.v1beta1.MsgSend";
      const valoper = proposerValoper;
      const msgValue = delegate
        ? MsgDelegate.encode({
            delegatorAddress: sender,
            validatorAddress: valoper,
            amount: { denom: "uinit", amount },
          }).finish()
        : MsgSend.encode({
            fromAddress: sender,
            toAddress: recipient,
            amount: [{ denom: "uinit", amount }],
          }).finish();
      const sequence = BigInt(height * 16 + i);
      const fee = String(1_000 + Math.floor(rand() * 4_000));
      const message = delegate
        ? { delegator_address: sender, validator_address: valoper, amount: { denom: "uinit", amount } }
        : { from_address: sender, to_address: recipient, amount: [{ denom: "uinit", amount }] };
      const tx = cosmosTx({
        typeUrl,
        value: msgValue,
        json: message,
        key: keys[from] ?? Buffer.alloc(0),
        signer: sender,
        sequence,
        fee,
        gasLimit: 200_000n,
        label: `sig-${seed}-${height}-${i}`,
      });
      raws.push(tx.raw);
      rest.push(tx.rest);
      const hash = tx.hash;
      const gasUsed = String(60_000 + Math.floor(rand() * 80_000));
      const moved = delegate
        ? []
        : [
            // minievm moves every bank denom as its ERC-20: the send is also a Transfer log.
            ...(vm === "evm" ? erc20SendEvents(contracts.token, sender, recipient, BigInt(amount)) : []),
            // Initia's Move bank moves coins as fungible assets between primary stores.
            ...(vm === "move" ? fungibleAssetSendEvents(sender, recipient, amount) : []),
            {
              type: "coin_spent",
              attributes: [
                { key: "spender", value: sender, index: true },
                { key: "amount", value: `${amount}uinit`, index: true },
                { key: "msg_index", value: "0", index: true },
              ],
            },
            {
              type: "coin_received",
              attributes: [
                { key: "receiver", value: recipient, index: true },
                { key: "amount", value: `${amount}uinit`, index: true },
                { key: "msg_index", value: "0", index: true },
              ],
            },
            {
              type: "transfer",
              attributes: [
                { key: "recipient", value: recipient, index: true },
                { key: "sender", value: sender, index: true },
                { key: "amount", value: `${amount}uinit`, index: true },
                { key: "msg_index", value: "0", index: true },
              ],
            },
          ];
      const events = [
        ...tx.txEvents,
        ...(failed
          ? []
          : [
              {
                type: "message",
                attributes: [
                  { key: "action", value: typeUrl, index: true },
                  { key: "sender", value: sender, index: true },
                  { key: "module", value: delegate ? "staking" : "bank", index: true },
                  { key: "msg_index", value: "0", index: true },
                ],
              },
              ...moved,
            ]),
      ];
      results.push({
        code: failed ? 5 : 0,
        data: failed ? "" : Buffer.from(`\x12\x26\n\x24${typeUrl}Response`).toString("base64"),
        log: failed ? "failed to execute message; message index: 0: insufficient funds" : "",
        info: "",
        gas_wanted: "200000",
        gas_used: gasUsed,
        events,
        codespace: failed ? "sdk" : "",
      });
      truth.push({
        hash,
        height,
        index: i,
        code: failed ? 5 : 0,
        signer: sender,
        msgType: typeUrl.slice(1),
        accounts:
          failed || delegate
            ? [sender]
            : [...new Set([sender, recipient, ...(vm === "evm" ? [contracts.token] : [])])],
        moved: failed || delegate ? [] : [{ from: sender, to: recipient, denom: "uinit", amount }],
      });
    }
    // EVM txs draw from their own stream, so turning EVM on leaves the Cosmos txs above unchanged.
    const evmRand = prng(seed * 2_000_003 + height);
    const evmCount = Math.floor(evmRand() * (maxEvmTxs + 1));
    const evmTxs: EvmTxBuild[] = [];
    for (let j = 0; j < evmCount; j++) {
      const tx = buildEvmTx({
        seed,
        height,
        position: j,
        rand: evmRand,
        users: evmUsers,
        contracts,
        evmChainId,
        density: options.density ?? {},
        tokenIdStride: Math.max(16, maxEvmTxs),
      });
      evmTxs.push(tx);
      raws.push(tx.raw);
      rest.push(tx.rest);
      results.push(tx.result);
      truth.push(cosmosTruthOf(tx, height, count + j));
    }
    // NFT txs come last and draw from nothing above: their schedule is its own (nft-schedule.ts).
    for (const tx of nft?.txs(height, truth.length) ?? []) {
      raws.push(tx.raw);
      rest.push(tx.rest);
      results.push(tx.result);
      truth.push(tx.truth);
    }
    return { raws, rest, results, truth, evmTxs };
  }

  return {
    chainId,
    prefix,
    vm,
    evmChainId,
    accounts,
    evmAccounts: evmUsers,
    evm(height) {
      return evmBlock({
        height,
        hash: `0x${blockHashOf(height).toLowerCase()}`,
        parentHash: height > 1 ? `0x${blockHashOf(height - 1).toLowerCase()}` : `0x${"0".repeat(64)}`,
        timeMs: timeOf(height),
        miner: `0x${proposer.toLowerCase()}`,
        evmChainId,
        txs: build(height).evmTxs,
      });
    },
    block(height) {
      const { raws, rest, results } = build(height);
      const time = new Date(timeOf(height))
        .toISOString()
        .replace("Z", `${String(height % 1000).padStart(3, "0")}123Z`);
      return {
        block: {
          block_id: {
            hash: blockHashOf(height),
            parts: { total: 1, hash: sha256(`parts-${height}`).toString("hex").toUpperCase() },
          },
          block: {
            header: {
              version: { block: "11", app: "0" },
              chain_id: chainId,
              height: String(height),
              time,
              last_block_id: {
                hash:
                  height > 1
                    ? sha256(`devnet-${seed}-block-${height - 1}`)
                        .toString("hex")
                        .toUpperCase()
                    : "",
                parts: { total: 0, hash: "" },
              },
              proposer_address: proposer,
            },
            data: { txs: raws },
            last_commit: { height: String(height - 1), round: 0, signatures: [] },
          },
        },
        results: {
          height: String(height),
          txs_results: raws.length === 0 ? null : results,
          finalize_block_events: [
            {
              type: "coinbase",
              attributes: [
                { key: "minter", value: accounts[0] ?? "", index: true },
                { key: "mode", value: "BeginBlock", index: true },
              ],
            },
          ],
          validator_updates: null,
          consensus_param_updates: null,
          app_hash: sha256(`app-${height}`).toString("base64"),
        },
        txs: rest,
      };
    },
    truth: (height) => build(height).truth,
    nftTruth: (height) => nft?.truth(height) ?? { collections: [], tokens: [] },
    wasmContract: (addr, height) => nft?.contract(addr, height),
    moveResource(address, structTag, height) {
      if (structTag === "0x1::fungible_asset::Metadata")
        return vm === "move" ? fungibleAssetMetadata(address) : undefined;
      return structTag === "0x1::nft::Nft" ? nft?.nftResource(address.toLowerCase(), height) : undefined;
    },
    evmCall(to, data, height) {
      if (vm !== "evm") return undefined;
      const holder = balanceOfArgument(contracts.token, to, data);
      if (holder === undefined) return erc721Call(contracts.nft, seed, to, data);
      if (height === undefined) return undefined;
      const amount = bank.balances(height).get(bech32Of(holder, prefix)) ?? 0n;
      return `0x${amount.toString(16).padStart(64, "0")}`;
    },
    bank,
    contractByDenom(denom) {
      if (vm !== "evm") return undefined;
      if (denom === FEE_DENOM) return contracts.token;
      // The EVM txs' fee denom: on minievm every bank denom is an ERC-20, this one too. The devnet's
      // fees move no balance, so its rich list is empty, but an indexer asking finds the contract
      // instead of a not-found that a real chain would never give for a denom its txs pay in.
      if (denom === EVM_FEE_DENOM) return gasToken;
      const hex = /^evm\/([0-9a-fA-F]{40})$/.exec(denom);
      return hex ? `0x${(hex[1] as string).toLowerCase()}` : undefined;
    },
    validator: (valoper) => (valoper === proposerValoper ? proposerValidator : undefined),
  };
}

/** The bank denom fees are paid in. */
const FEE_DENOM = "uinit";
/** The denom the EVM txs' fees are paid in (evm-txs.ts). */
const EVM_FEE_DENOM = "GAS";

const ADDRESS_TOPIC_PREFIX = "0x000000000000000000000000";

/**
 * The Cosmos-side truth of an EVM tx: its signer, and when it succeeded the called contract and
 * what its `evm` logs name (log addresses and address-shaped topics after the first).
 */
function cosmosTruthOf(tx: EvmTxBuild, height: number, index: number): TxTruth {
  const accounts = new Set([tx.from.bech32]);
  if (tx.status === "0x1") {
    accounts.add(tx.scenario.created ?? tx.scenario.top.to);
    for (const log of tx.scenario.logs) {
      accounts.add(log.address);
      for (const topic of log.topics.slice(1))
        if (topic.startsWith(ADDRESS_TOPIC_PREFIX))
          accounts.add(`0x${topic.slice(ADDRESS_TOPIC_PREFIX.length)}`);
    }
  }
  return {
    hash: createHash("sha256").update(Buffer.from(tx.raw, "base64")).digest("hex").toUpperCase(),
    height,
    index,
    code: tx.result.code,
    signer: tx.from.bech32,
    msgType: (tx.rest.body.messages[0]?.["@type"] ?? "").slice(1),
    accounts: [...accounts],
    // EVM tokens move as ERC-20 logs (the receipts are their truth), not bank coins.
    moved: [],
  };
}

/** The bech32 form of a 0x address. */
const bech32Of = (hex: string, prefix: string) =>
  bech32.encode(prefix, bech32.toWords(Buffer.from(hex.replace(/^0x/, ""), "hex")));

/**
 * Genesis balances of the fee denom, deterministic per seed: every Cosmos account, and on EVM chains
 * every EVM account and the router (which pays ERC-20 out in swaps). EVM amounts move in 10^12..10^18
 * steps, bank sends in 1..10^6: genesis is far above what any run spends.
 */
function genesisBalances(options: {
  seed: number;
  prefix: string;
  vm: "evm" | "move" | "wasm";
  accounts: string[];
  evmUsers: EvmAccount[];
  router: string;
}): Map<string, bigint> {
  const base = options.vm === "evm" ? 10n ** 24n : 10n ** 12n;
  const holders = [
    ...options.accounts,
    ...options.evmUsers.map((u) => u.bech32),
    ...(options.vm === "evm" ? [bech32Of(options.router, options.prefix)] : []),
  ];
  return new Map(
    holders.map((address) => {
      const draw = createHash("sha256").update(`devnet-${options.seed}-genesis-${address}`).digest();
      return [address, base + (draw.readBigUInt64BE(0) % base)];
    }),
  );
}

/**
 * What one block moves in the fee denom: its successful bank sends, and on EVM chains the ERC-20
 * Transfer logs of the fee denom's contract (a transfer from or to the zero address mints or burns).
 */
function bankMoves(
  built: { truth: TxTruth[]; evmTxs: EvmTxBuild[] },
  token: string,
  prefix: string,
): BankMove[] {
  const moves: BankMove[] = [];
  for (const t of built.truth)
    for (const m of t.moved ?? [])
      if (m.denom === FEE_DENOM) moves.push({ from: m.from, to: m.to, amount: BigInt(m.amount) });
  for (const tx of built.evmTxs) {
    if (tx.status !== "0x1") continue;
    for (const log of tx.scenario.logs) {
      if (log.address.toLowerCase() !== token || log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC)
        continue;
      const [, from, to] = log.topics as [string, string, string];
      const party = (topic: string) =>
        BigInt(topic) === 0n ? undefined : bech32Of(`0x${topic.slice(-40)}`, prefix);
      moves.push({ from: party(from), to: party(to), amount: BigInt(log.data) });
    }
  }
  return moves;
}

/** The events minievm adds to a bank send of an ERC-20 backed denom: the call and its Transfer log. */
function erc20SendEvents(token: string, sender: string, recipient: string, amount: bigint) {
  const topic = (address: string) =>
    `0x${Buffer.from(bech32.fromWords(bech32.decode(address, 90).words))
      .toString("hex")
      .padStart(64, "0")}`;
  const log = {
    address: token,
    topics: [TRANSFER_TOPIC, topic(sender), topic(recipient)],
    data: `0x${amount.toString(16).padStart(64, "0")}`,
  };
  return [
    {
      type: "call",
      attributes: [
        { key: "contract", value: token, index: true },
        { key: "ret", value: "0x", index: true },
        { key: "msg_index", value: "0", index: true },
      ],
    },
    {
      type: "evm",
      attributes: [
        { key: "log", value: JSON.stringify(log), index: true },
        { key: "msg_index", value: "0", index: true },
      ],
    },
  ];
}

/** The holder of an ERC-20 `balanceOf(address)` (0x70a08231) call to `token`, as 0x hex; else undefined. */
function balanceOfArgument(token: string, to: string, data: string): string | undefined {
  const input = data.toLowerCase().replace(/^0x/, "");
  if (to.toLowerCase() !== token || !input.startsWith("70a08231") || input.length !== 8 + 64)
    return undefined;
  return `0x${input.slice(8 + 24)}`;
}
