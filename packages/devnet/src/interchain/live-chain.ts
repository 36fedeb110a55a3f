/**
 * A chain that accepts broadcasts: signed txs enter a mempool (CheckTx verifies the signature, the
 * account number and sequence, as a node does) and run when the next block is sealed, through
 * message handlers (modules) that move balances and emit the events a real node emits. Relayers and
 * bridge executors add their own txs with `inject`. Each sealed block is the background chain's
 * block at that height with these txs appended, so a live L1 still carries the seeded traffic the
 * indexer is tested on.
 */
import { Secp256k1, Secp256k1Signature, Sha256 } from "@cosmjs/crypto";
import { bech32 } from "bech32";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Chain } from "../chain/chain-types.js";
import type { TxTruth } from "../chain/tx-truth.js";
import type { AbciEvent, BlockPayload, RestTx, TxResult } from "../payloads.js";
import { restTxOf, signedTx, txHash, unsignedTx } from "../tx-envelope.js";
import { addressOfPubkey, PUBKEY_TYPE } from "./test-keys.js";

/** A failed message: the tx is included with this code and its state changes are undone. */
export class TxFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly codespace = "sdk",
  ) {
    super(message);
  }
}

export interface ExecContext {
  chain: LiveChain;
  height: number;
  /** Block time, RFC 3339. */
  time: string;
  /** bech32 of the tx signer ("" for injected system txs). */
  signer: string;
  msgIndex: number;
  /** Undo log of this tx: a failing message rolls every change of the tx back. */
  journal: (() => void)[];
}

/** Executes one message; returns its events (without msg_index, which the chain adds). */
export type MsgHandler = (ctx: ExecContext, value: Uint8Array) => AbciEvent[];
/** JSON of a message for the REST tx body (`@type` added by the chain). */
export type MsgToJson = (value: Uint8Array) => Record<string, unknown>;

export interface IndexedTx {
  hash: string;
  height: number;
  index: number;
  raw: string;
  result: TxResult;
  rest: RestTx;
  time: string;
}

export interface LiveChain extends Chain {
  /** CheckTx and mempool admission, as broadcast_tx_sync answers. */
  submit(raw: Uint8Array): Promise<{ code: number; log: string; hash: string }>;
  /** Adds a system tx (relayer, executor): no signature, runs at the next seal. */
  inject(messages: { typeUrl: string; value: Uint8Array }[], memo?: string): string;
  /**
   * Adds a tx already authenticated elsewhere (an EVM tx whose signature the EVM gateway verified),
   * run with `signer` as its sender; `raw` is what the tx hash is computed from.
   */
  injectSigned(signer: string, messages: { typeUrl: string; value: Uint8Array }[], raw: Uint8Array): string;
  /** Runs the mempool into block `height` (the next one). */
  seal(height: number): void;
  readonly head: number;
  findTx(hash: string): IndexedTx | undefined;
  /** Txs whose events match every `type.key='value'` condition. */
  searchTxs(conditions: { type: string; key: string; value: string }[]): IndexedTx[];
  account(address: string): { number: bigint; sequence: bigint } | undefined;
  balance(address: string, denom: string): bigint;
  credit(ctx: Pick<ExecContext, "journal">, address: string, denom: string, amount: bigint): void;
  debit(ctx: Pick<ExecContext, "journal">, address: string, denom: string, amount: bigint): void;
  /** Registers the handler of a message type. */
  handle(typeUrl: string, handler: MsgHandler, toJson?: MsgToJson): void;
  /** Called after each sealed block, with that block's txs. */
  onSealed(listener: (height: number, txs: IndexedTx[]) => void): void;
  /** Values modules keep between blocks (packet sequences, denom traces, ...). */
  state: Map<string, unknown>;
}

export function createLiveChain(options: {
  background: Chain;
  /** Initial balances: address -> denom -> amount. */
  genesis?: Record<string, Record<string, bigint>>;
}): LiveChain {
  const { background } = options;
  const balances = new Map<string, Map<string, bigint>>();
  const accounts = new Map<string, { number: bigint; sequence: bigint }>();
  const handlers = new Map<string, { run: MsgHandler; toJson?: MsgToJson }>();
  const mempool: { raw: Uint8Array; signer: string; sequence: bigint }[] = [];
  const sealed = new Map<number, { payload: BlockPayload; txs: IndexedTx[]; truth: TxTruth[] }>();
  const byHash = new Map<string, IndexedTx>();
  /** `type.key=value` -> txs with that event attribute, as a node's tx indexer keeps it. */
  const byEvent = new Map<string, IndexedTx[]>();
  const listeners: ((height: number, txs: IndexedTx[]) => void)[] = [];
  let head = 0;
  let systemNonce = 0;

  const ensureAccount = (address: string) => {
    let a = accounts.get(address);
    if (!a) {
      a = { number: BigInt(accounts.size), sequence: 0n };
      accounts.set(address, a);
    }
    return a;
  };
  const balanceOf = (address: string, denom: string) => balances.get(address)?.get(denom) ?? 0n;
  const setBalance = (address: string, denom: string, amount: bigint) => {
    let m = balances.get(address);
    if (!m) {
      m = new Map();
      balances.set(address, m);
    }
    m.set(denom, amount);
  };
  for (const [address, coins] of Object.entries(options.genesis ?? {})) {
    ensureAccount(address);
    for (const [denom, amount] of Object.entries(coins)) setBalance(address, denom, amount);
  }

  /** CheckTx: the signer's account exists, the sequence is the next one and the signature is valid. */
  async function check(raw: Uint8Array): Promise<{ signer: string; error?: { code: number; log: string } }> {
    let tx: TxRaw;
    let authInfo: AuthInfo;
    try {
      tx = TxRaw.decode(raw);
      TxBody.decode(tx.bodyBytes);
      authInfo = AuthInfo.decode(tx.authInfoBytes);
    } catch (err) {
      return { signer: "", error: { code: 2, log: `tx parse error: ${(err as Error).message}` } };
    }
    const info = authInfo.signerInfos[0];
    const signature = tx.signatures[0];
    if (!info?.publicKey || info.publicKey.typeUrl !== PUBKEY_TYPE || signature?.length !== 64) {
      return {
        signer: "",
        error: { code: 4, log: "signature verification failed; expected one secp256k1 signer: unauthorized" },
      };
    }
    const pubkey = PubKey.decode(info.publicKey.value).key;
    const signer = bech32.encode(background.prefix, bech32.toWords(addressOfPubkey(pubkey)));
    const account = accounts.get(signer);
    if (!account) return { signer, error: { code: 9, log: `account ${signer} not found: unknown address` } };
    if (info.sequence !== account.sequence) {
      return {
        signer,
        error: {
          code: 32,
          log: `account sequence mismatch, expected ${account.sequence}, got ${info.sequence}: incorrect account sequence`,
        },
      };
    }
    const doc = SignDoc.encode({
      bodyBytes: tx.bodyBytes,
      authInfoBytes: tx.authInfoBytes,
      chainId: background.chainId,
      accountNumber: account.number,
    }).finish();
    const valid = await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(signature),
      new Sha256(doc).digest(),
      pubkey,
    );
    if (!valid) {
      return {
        signer,
        error: {
          code: 4,
          log: `signature verification failed; please verify account number (${account.number}), sequence (${account.sequence}) and chain-id (${background.chainId}): unauthorized`,
        },
      };
    }
    return { signer };
  }

  const chain: LiveChain = {
    chainId: background.chainId,
    prefix: background.prefix,
    accounts: background.accounts,
    // The EVM view (JSON-RPC blocks of the indexer's EVM mode) is the background's.
    vm: background.vm,
    evmChainId: background.evmChainId,
    evmAccounts: background.evmAccounts,
    evm: (height) => background.evm(height),
    state: new Map(),
    get head() {
      return head;
    },
    async submit(raw) {
      const hash = txHash(raw);
      const { signer, error } = await check(raw);
      if (error) return { ...error, hash };
      const account = accounts.get(signer);
      if (!account) return { code: 9, log: `account ${signer} not found: unknown address`, hash };
      mempool.push({ raw, signer, sequence: account.sequence });
      account.sequence += 1n;
      return { code: 0, log: "", hash };
    },
    inject(messages, memo = "") {
      systemNonce++;
      const tx = signedTx(unsignedTx({ messages, memo: `${memo}#${systemNonce}` }), []);
      mempool.push({ raw: tx.bytes, signer: "", sequence: 0n });
      return tx.hash;
    },
    injectSigned(signer, messages, raw) {
      const tx = signedTx(unsignedTx({ messages, memo: Buffer.from(raw).toString("hex") }), []);
      const account = accounts.get(signer) ?? { number: 0n, sequence: 0n };
      mempool.push({ raw: tx.bytes, signer, sequence: account.sequence });
      return tx.hash;
    },
    seal(height) {
      if (height !== head + 1) throw new Error(`seal ${height} after ${head}`);
      const base = background.block(height);
      const time = base.block.block.header.time;
      const txs: IndexedTx[] = [];
      const truth: TxTruth[] = [...background.truth(height)];
      const baseCount = base.block.block.data.txs.length;
      for (const [i, entry] of mempool.splice(0).entries()) {
        const indexed = execute(entry, height, time, baseCount + i, truth);
        txs.push(indexed);
        byHash.set(indexed.hash, indexed);
        for (const e of indexed.result.events) {
          for (const a of e.attributes) {
            const key = `${e.type}.${a.key}=${a.value}`;
            const list = byEvent.get(key);
            if (list) list.push(indexed);
            else byEvent.set(key, [indexed]);
          }
        }
      }
      const results = [...(base.results.txs_results ?? []), ...txs.map((t) => t.result)];
      const payload: BlockPayload = {
        block: {
          ...base.block,
          block: {
            ...base.block.block,
            data: { txs: [...base.block.block.data.txs, ...txs.map((t) => t.raw)] },
          },
        },
        results: { ...base.results, txs_results: results.length === 0 ? null : results },
        txs: [...base.txs, ...txs.map((t) => t.rest)],
      };
      sealed.set(height, { payload, txs, truth });
      head = height;
      for (const l of listeners) l(height, txs);
    },
    block(height) {
      const b = sealed.get(height);
      if (!b) throw new Error(`block ${height} is not sealed (head ${head})`);
      return b.payload;
    },
    truth: (height) => sealed.get(height)?.truth ?? [],
    // Broadcast txs make no NFTs: the NFTs are the background's.
    nftTruth: (height) => background.nftTruth(height),
    wasmContract: (addr, height) => background.wasmContract(addr, height),
    moveResource: (address, structTag, height) => background.moveResource(address, structTag, height),
    evmCall: (to, data) => background.evmCall(to, data),
    contractByDenom: (denom) => background.contractByDenom(denom),
    validator: (valoper) => background.validator(valoper),
    findTx: (hash) => byHash.get(hash.replace(/^0x/i, "").toUpperCase()),
    searchTxs(conditions) {
      const out: IndexedTx[] = [];
      const first = conditions[0];
      const candidates = first
        ? (byEvent.get(`${first.type}.${first.key}=${first.value}`) ?? [])
        : [...byHash.values()];
      for (const tx of new Set(candidates)) {
        const ok = conditions.every((c) =>
          tx.result.events.some(
            (e) => e.type === c.type && e.attributes.some((a) => a.key === c.key && a.value === c.value),
          ),
        );
        if (ok) out.push(tx);
      }
      return out.sort((a, b) => a.height - b.height || a.index - b.index);
    },
    account: (address) => accounts.get(address),
    balance: balanceOf,
    credit(ctx, address, denom, amount) {
      ensureAccount(address);
      const before = balanceOf(address, denom);
      setBalance(address, denom, before + amount);
      ctx.journal.push(() => setBalance(address, denom, before));
    },
    debit(ctx, address, denom, amount) {
      const before = balanceOf(address, denom);
      if (before < amount)
        throw new TxFailure(
          5,
          `spendable balance ${before}${denom} is smaller than ${amount}${denom}: insufficient funds`,
        );
      setBalance(address, denom, before - amount);
      ctx.journal.push(() => setBalance(address, denom, before));
    },
    handle(typeUrl, run, toJson) {
      handlers.set(typeUrl, { run, ...(toJson ? { toJson } : {}) });
    },
    onSealed(listener) {
      listeners.push(listener);
    },
  };

  /** DeliverTx: every message in order; the first failure undoes the whole tx and sets its code. */
  function execute(
    entry: { raw: Uint8Array; signer: string; sequence: bigint },
    height: number,
    time: string,
    index: number,
    truth: TxTruth[],
  ): IndexedTx {
    const hash = txHash(entry.raw);
    const tx = TxRaw.decode(entry.raw);
    const body = TxBody.decode(tx.bodyBytes);
    const { signer } = entry;
    const ctx: ExecContext = { chain, height, time, signer, msgIndex: 0, journal: [] };
    const events: AbciEvent[] = signer
      ? [{ type: "tx", attributes: [{ key: "acc_seq", value: `${signer}/${entry.sequence}`, index: true }] }]
      : [];
    let code = 0;
    let log = "";
    let codespace = "";
    try {
      for (const [i, msg] of body.messages.entries()) {
        ctx.msgIndex = i;
        const handler = handlers.get(msg.typeUrl);
        if (!handler) throw new TxFailure(6, `unrecognized message type ${msg.typeUrl}: unknown request`);
        const produced = handler.run(ctx, msg.value);
        const tag = { key: "msg_index", value: String(i), index: true };
        events.push(
          {
            type: "message",
            attributes: [
              { key: "action", value: msg.typeUrl, index: true },
              ...(signer ? [{ key: "sender", value: signer, index: true }] : []),
              tag,
            ],
          },
          ...produced.map((e) => ({ ...e, attributes: [...e.attributes, tag] })),
        );
      }
    } catch (err) {
      if (!(err instanceof TxFailure)) throw err;
      for (const undo of ctx.journal.reverse()) undo();
      code = err.code;
      codespace = err.codespace;
      log = `failed to execute message; message index: ${ctx.msgIndex}: ${err.message}`;
      events.splice(signer ? 1 : 0);
    }
    const result: TxResult = {
      code,
      data: "",
      log,
      info: "",
      gas_wanted: "200000",
      gas_used: "100000",
      events,
      codespace,
    };
    const messagesJson = body.messages.map((m) => ({
      "@type": m.typeUrl,
      ...(handlers.get(m.typeUrl)?.toJson?.(m.value) ?? {}),
    }));
    // The REST JSON of a broadcast tx shows its messages and memo; its auth info is not kept.
    const rest = restTxOf({ messages: messagesJson, memo: body.memo }, tx.signatures);
    truth.push({
      hash,
      height,
      index,
      code,
      signer,
      msgType: (body.messages[0]?.typeUrl ?? "").slice(1),
      accounts: signer ? [signer] : [],
    });
    return { hash, height, index, raw: Buffer.from(entry.raw).toString("base64"), result, rest, time };
  }

  return chain;
}
