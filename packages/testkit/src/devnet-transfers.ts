/**
 * Real transfers to track: the local interchain of @weft/devnet in a process of its own (as real
 * chains would be), a registry file bound to its endpoints, and one signed MsgTransfer (L1 -> Wasm
 * rollup) broadcast at a time. Shared by the tracking bench and the tracker's multi-replica test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createTestKey, L1_CHAIN_ID, signTx } from "@weft/devnet";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";

type TestKey = Awaited<ReturnType<typeof createTestKey>>;

/** Starts a child process and resolves with the first stdout/stderr match of `pattern`. */
export function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  stream: "stdout" | "stderr",
  pattern: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let seen = "";
    child[stream]?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) resolve({ child, match });
    });
    child.once("exit", (code) => reject(new Error(`${args[0]} exited (${code}): ${seen.slice(-500)}`)));
  });
}

/**
 * Writes the bundled devnet registry, its chains at `urls` (chain id -> REST URL), to `file`: the
 * server's registry code, so the caller's (the kit cannot import @weft/server, whose tests use it).
 */
export type WriteDevnetRegistry = (file: string, urls: Record<string, string>) => void;

export interface DevnetTransfers {
  /** The interchain's process. */
  child: ChildProcess;
  /** The chains' REST URLs by chain id. */
  urls: Record<string, string>;
  /** The bundled devnet registry bound to those URLs (ROUTER_REGISTRY for `weft serve`). */
  registryFile: string;
  /** The funded sender's key and its address on the L1. */
  key: TestKey;
  sender: string;
  /** Signs and broadcasts the `sequence`-th MsgTransfer of the sender; resolves with its tx hash. */
  broadcast(sequence: number): Promise<string>;
}

/**
 * Starts the interchain, a block every `blockMs` on each chain, with one funded sender, and writes
 * the registry file into `work` (a directory the caller owns and removes) with `writeRegistry`.
 */
export async function startDevnetTransfers(
  work: string,
  blockMs: number,
  writeRegistry: WriteDevnetRegistry,
): Promise<DevnetTransfers> {
  const key = await createTestKey("bench-alice");
  const sender = key.bech32("init");
  const genesisFile = path.join(work, "genesis.json");
  writeFileSync(
    genesisFile,
    JSON.stringify({ [L1_CHAIN_ID]: { [sender]: { uinit: (10n ** 15n).toString() } } }),
  );
  const require = createRequire(import.meta.url);
  const devnetCli = require.resolve("@weft/devnet").replace(/index\.js$/, "cli.js");
  const devnet = await startChild(
    [
      devnetCli,
      "--interchain",
      "--genesis",
      genesisFile,
      "--block-interval-ms",
      String(blockMs),
      "--initial-blocks",
      "1",
    ],
    {},
    "stdout",
    /^(\{.*\})\n/m,
  );
  const urls = JSON.parse(devnet.match[1] ?? "{}") as Record<string, string>;
  const registryFile = path.join(work, "registry.json");
  writeRegistry(registryFile, urls);
  const l1 = urls[L1_CHAIN_ID] ?? "";
  return {
    child: devnet.child,
    urls,
    registryFile,
    key,
    sender,
    async broadcast(sequence) {
      const msg = MsgTransfer.fromPartial({
        sourcePort: "transfer",
        sourceChannel: "channel-1",
        token: { denom: "uinit", amount: String(1000 + sequence) },
        sender,
        receiver: sender,
        timeoutTimestamp: 1_900_000_000_000_000_000n,
      });
      const raw = await signTx({
        key,
        chainId: L1_CHAIN_ID,
        accountNumber: 0n,
        sequence: BigInt(sequence),
        messages: [
          { typeUrl: "/ibc.applications.transfer.v1.MsgTransfer", value: MsgTransfer.encode(msg).finish() },
        ],
      });
      const res = await fetch(`${l1}/cosmos/tx/v1beta1/txs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tx_bytes: Buffer.from(raw).toString("base64"), mode: "BROADCAST_MODE_SYNC" }),
      });
      const { tx_response } = (await res.json()) as {
        tx_response: { code: number; txhash: string; raw_log: string };
      };
      if (tx_response.code !== 0) throw new Error(`broadcast ${sequence}: ${tx_response.raw_log}`);
      return tx_response.txhash;
    },
  };
}

/** POST /v2/tx/track for an L1 tx on the Weft at `weftUrl`. */
export async function trackTransfer(weftUrl: string, txHash: string): Promise<void> {
  const res = await fetch(`${weftUrl}/v2/tx/track`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tx_hash: txHash, chain_id: L1_CHAIN_ID }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`POST /v2/tx/track answered ${res.status}`);
}
