/**
 * The wallet NFT flows' setup (router/wallet-nft-*.e2e.test.ts): the devnet interchain with genesis NFTs
 * on each VM chain (a Move collection on the L1, an ERC-721 on minievm, a cw721 on miniwasm), one
 * Weft per chain on its own database (one Weft indexes one chain) with the devnet registry's
 * router, and what a wallet does: ingest a chain up to its head, list an account's NFTs as
 * InterwovenKit does, and sign and broadcast the router's amino msgs with `@initia/amino-converter`
 * (the wallet's AminoTypes and proto registry, SIGN_MODE_DIRECT).
 */
import { aminoTypes, registry as protoRegistry } from "@initia/amino-converter";
import { createWallet, type Interchain, signTx, startInterchain, type Wallet } from "@weft/devnet";
import { afterAll, beforeAll, expect } from "vitest";
import { loadRegistry } from "../router/registry/load-registry.js";
import type { Registry } from "../router/registry/registry.js";
import { ingestDevnet } from "./devnet-ingest.js";
import { type Json, jsonCalls } from "./json-call.js";
import { createTestApp, serveForTests } from "./test-app.js";
import { useTestDatabase } from "./test-database.js";

export const NFT_CHAINS = [
  { chainId: "weft-devnet-1", vm: "move", collection: "Wallet Kittens" },
  { chainId: "weft-evm-1", vm: "evm", collection: "Wallet Punks" },
  { chainId: "weft-wasm-1", vm: "wasm", collection: "Wallet Cards" },
] as const;
export type NftChain = (typeof NFT_CHAINS)[number];

export interface WalletNftNet {
  net(): Interchain;
  registry(): Registry;
  /** The wallets: the first owns every genesis token; all have accounts on every chain. */
  wallet(name: string): Wallet;
  /** The Weft of `c` (its Indexer and Router API). */
  weft(c: NftChain): ReturnType<typeof jsonCalls>;
  /** Weft ingests `c`'s chain up to the node's head. */
  ingest(c: NftChain): Promise<void>;
  /** What InterwovenKit reads: the account's NFTs from Weft's Indexer API. */
  tokensOf(c: NftChain, account: string): Promise<Json[]>;
  /** Signs the router's amino `msgs` as `wallet` and broadcasts them to `chainId`. */
  signAndBroadcast(
    wallet: Wallet,
    chainId: string,
    msgs: Json[],
  ): Promise<{ code: number; txhash: string; raw_log: string }>;
}

/**
 * Starts the interchain before the file's tests: `wallets` (named test keys) with accounts on every
 * chain, and per chain one collection whose `tokens(c)` the first wallet owns.
 */
export function useWalletNftNet(o: { wallets: string[]; tokens: (c: NftChain) => string[] }): WalletNftNet {
  const databases = NFT_CHAINS.map(() => useTestDatabase());
  let net: Interchain | undefined;
  let registry: Registry | undefined;
  const wallets = new Map<string, Wallet>();
  beforeAll(async () => {
    const made = await Promise.all(o.wallets.map((name) => createWallet(name)));
    for (const [i, name] of o.wallets.entries()) wallets.set(name, made[i] as Wallet);
    const owner = wallet(o.wallets[0] ?? "").key.bech32("init");
    // The wallets' accounts exist (they sign); fees are zero on the devnet.
    const accounts = Object.fromEntries(
      [...wallets.values()].map((w) => [w.key.bech32("init"), { uinit: 1n }]),
    );
    net = await startInterchain({
      genesis: Object.fromEntries(NFT_CHAINS.map((c) => [c.chainId, accounts])),
      nfts: Object.fromEntries(
        NFT_CHAINS.map((c) => [
          c.chainId,
          [{ name: c.collection, tokens: o.tokens(c).map((id) => ({ id, owner })) }],
        ]),
      ),
    });
    net.produce(1);
    registry = loadRegistry("devnet", { endpoints: net.urls });
  }, 60_000);
  afterAll(async () => net?.close());

  const started = () => {
    if (!net) throw new Error("useWalletNftNet() starts the interchain before the tests");
    return net;
  };
  const wallet = (name: string) => {
    const w = wallets.get(name);
    if (!w) throw new Error(`no wallet ${name}`);
    return w;
  };
  const wefts = NFT_CHAINS.map((c, i) =>
    jsonCalls(
      serveForTests(() =>
        createTestApp({
          db: databases[i]?.().db as ReturnType<ReturnType<typeof useTestDatabase>>["db"],
          chain: { chainId: c.chainId, prefix: "init", vmType: c.vm },
          router: { registry: registry as Registry },
        }),
      ),
    ),
  );
  // Chains are told apart by id: callers may pass copies with fields of their own.
  const indexOf = (c: { chainId: string }) => NFT_CHAINS.findIndex((x) => x.chainId === c.chainId);
  const weft = (c: { chainId: string }) => wefts[indexOf(c)] as ReturnType<typeof jsonCalls>;
  return {
    net: started,
    registry: () => registry as Registry,
    wallet,
    weft,
    async ingest(c) {
      const head = started().chains.get(c.chainId)?.node.head ?? 0;
      const last = await ingestDevnet({
        db: { pool: databases[indexOf(c)]?.().db.pool as never },
        url: started().urls[c.chainId] ?? "",
        stopAt: head,
      });
      expect(last).toBe(BigInt(head));
    },
    async tokensOf(c, account) {
      const res = await weft(c).get(`/indexer/nft/v1/tokens/by_account/${account}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.tokens;
    },
    async signAndBroadcast(w, chainId, msgs) {
      const rest = started().urls[chainId] ?? "";
      const signer = w.key.bech32("init");
      const account = (await (await fetch(`${rest}/cosmos/auth/v1beta1/accounts/${signer}`)).json()) as Json;
      const messages = msgs.map((m) => protoRegistry.encodeAsAny(aminoTypes.fromAmino(m)));
      const raw = await signTx({
        key: w.key,
        chainId,
        accountNumber: BigInt(account.account.account_number),
        sequence: BigInt(account.account.sequence),
        messages,
      });
      return w.broadcast(rest, raw);
    },
  };
}
