/**
 * Issue 44's acceptance: one deployment (`weft ingest --chains` + `weft serve --chains` on one
 * Postgres) of three devnet chains of different VMs, the bundled devnet registry bound to their
 * nodes as the chains file. The conformance CLI, strict, conforms against each chain's base URL
 * (`/{chain_id}`); then one chain's node stops and the other two keep ingesting, the stopped one
 * alone shown as stalled.
 *
 * The chains are seeded devnet nodes, one per VM, as `weft dev` runs them (VM_TYPE), not the
 * interchain's rollups: its weft-evm-1 is built without `vm: "evm"` (its JSON-RPC answers
 * eth_blockNumber with -32601 "this devnet chain has no EVM", so `weft ingest` refuses it as an EVM
 * chain), and its rollups carry no background txs (`maxTxsPerBlock: 0`, interchain.ts), so most
 * checks would have nothing to look at. Each node is reached through a fault proxy,
 * so "the node stopped" is its port refusing, as a crashed node's does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import { type FaultProxy, startFaultProxy } from "@weft/testkit/fault-proxy";
import { realPostgresAvailable } from "@weft/testkit/postgres-admin";
import { createScratchDatabase, type ScratchDatabase } from "@weft/testkit/scratch-database";
import { startWeft, type WeftProcess, weftCliOf } from "@weft/testkit/spawn-weft";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT_OK, runCli } from "./cli-program.js";
import type { ConformanceReport } from "./types.js";

/** One chain per VM, under the ids the devnet registry gives them. */
const CHAINS = [
  { chainId: "weft-devnet-1", vm: "move" },
  { chainId: "weft-evm-1", vm: "evm" },
  { chainId: "weft-wasm-1", vm: "wasm" },
] as const;
const STOPPED = "weft-evm-1";
/** Enough history for every check to find its data (NFTs, EVM calls, accounts with several txs). */
const INITIAL_BLOCKS = 100;
const BLOCK_INTERVAL_MS = 1_000;
const STALL_TIMEOUT_MS = 2_000;
/**
 * As in run-conformance.test.ts, what a seeded devnet chain cannot show; and the router's checks:
 * a chain's base URL is an indexer's (the Router API is the deployment's, at the root).
 */
const ALLOWED_SKIP =
  /^not implemented by this deployment \(501|^no EVM routes on this chain \(404|^no [a-z_, ]+ found on the deployment$|^current state \(balances, NFT owners and collections\) moves every block|^no records to look at|^no router URL given \(--router-url\)$/;

const cli = weftCliOf(import.meta.url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Running {
  nodes: DevnetNode[];
  proxies: Map<string, FaultProxy>;
  scratch: ScratchDatabase;
  dir: string;
  ingest: ChildProcess;
  ingestLogs: () => string;
  serve: WeftProcess;
}
let run: Running | undefined;
const partial: Partial<Running> & { nodes: DevnetNode[]; proxies: Map<string, FaultProxy> } = {
  nodes: [],
  proxies: new Map(),
};

/** The bundled devnet registry (a router registry: a chains file) with each chain at its proxy. */
function writeChainsFile(file: string, urls: Map<string, string>): void {
  const serverEntry = createRequire(import.meta.url).resolve("@weft/server");
  const bundled = path.join(path.dirname(serverEntry), "../registries/devnet.json");
  const registry = JSON.parse(readFileSync(bundled, "utf8")) as {
    chains: { chain_id: string; apis: Record<string, string> }[];
  };
  // Only the three chains of this deployment: the others (cosmos, evm) would be skipped anyway,
  // the L1's twin rollups this test does not run would stall.
  registry.chains = registry.chains
    .filter((c) => urls.has(c.chain_id))
    .map((c) => {
      const url = urls.get(c.chain_id) as string;
      return {
        ...c,
        apis: { ...c.apis, rpc: url, rest: url, ...(c.apis.json_rpc ? { json_rpc: url } : {}) },
      };
    });
  writeFileSync(file, JSON.stringify(registry));
}

/** The ingest process's METRICS_PORT, once it says where it serves. */
function metricsUrlOf(logs: string): string | undefined {
  return /"url":"([^"]+)"[^\n]*ingest metrics, health and readiness served/.exec(logs)?.[1];
}

/** Each chain's committed height, as its writer reports it (`weft_ingest_height{chain_id}`). */
async function heights(metricsUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^weft_ingest_height\{chain_id="([^"]+)"\} (\d+)$/gm))
    out[m[1] as string] = Number(m[2]);
  return out;
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  ms: number,
  logs = () => "",
): Promise<void> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(200)) if (await check()) return;
  throw new Error(`timed out waiting for ${what}; logs:\n${logs().slice(-4000)}`);
}

let available = true;

beforeAll(async () => {
  available = await realPostgresAvailable();
  if (!available) return;
  for (const [i, c] of CHAINS.entries()) {
    const node = await startDevnetNode({
      chain: createChain({ seed: i + 1, chainId: c.chainId, prefix: "init", vm: c.vm }),
      initialBlocks: INITIAL_BLOCKS,
      blockIntervalMs: BLOCK_INTERVAL_MS,
    });
    partial.nodes.push(node);
    const target = new URL(node.url);
    const proxy = await startFaultProxy({ target: { host: target.hostname, port: Number(target.port) } });
    partial.proxies.set(c.chainId, proxy);
  }
  const scratch = await createScratchDatabase();
  partial.scratch = scratch;
  const dir = mkdtempSync(path.join(tmpdir(), "weft-many-chains-"));
  partial.dir = dir;
  const file = path.join(dir, "chains.json");
  writeChainsFile(file, new Map([...partial.proxies].map(([id, p]) => [id, `http://${p.host}:${p.port}`])));
  const env = { DATABASE_URL: scratch.url, CHAINS_FILE: file };
  let logs = "";
  const ingest = spawn(process.execPath, [cli, "ingest", "--metrics-port", "0"], {
    env: {
      ...process.env,
      ...env,
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      INGEST_STALL_TIMEOUT_MS: String(STALL_TIMEOUT_MS),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  partial.ingest = ingest;
  ingest.stdout?.on("data", (c: Buffer) => {
    logs += c.toString();
  });
  ingest.stderr?.on("data", (c: Buffer) => {
    logs += c.toString();
  });
  partial.ingestLogs = () => logs;
  await waitFor(
    `every chain indexed up to block ${INITIAL_BLOCKS}`,
    async () => {
      const url = metricsUrlOf(logs);
      const at = url ? await heights(url) : {};
      return CHAINS.every((c) => (at[c.chainId] ?? 0) >= INITIAL_BLOCKS);
    },
    60_000,
    () => logs,
  );
  partial.serve = await startWeft(["serve", "--port", "0"], env, { cli, logLevel: "warn" });
  run = partial as Running;
}, 90_000);

afterAll(async () => {
  partial.ingest?.kill("SIGTERM");
  await partial.serve?.stop();
  if (partial.ingest && partial.ingest.exitCode === null)
    await new Promise((r) => partial.ingest?.once("exit", r));
  await partial.scratch?.drop();
  await Promise.all([...partial.proxies.values()].map((p) => p.close()));
  await Promise.all(partial.nodes.map((n) => n.close()));
  if (partial.dir) rmSync(partial.dir, { recursive: true, force: true });
});

describe("one deployment of three devnet chains (move, evm, wasm)", () => {
  it.each(CHAINS)("the conformance CLI (strict) conforms at /$chainId", async ({ chainId, vm }) => {
    if (!available) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const r = run as Running;
    const report = path.join(r.dir, `${chainId}.json`);
    let stdout = "";
    let stderr = "";
    const code = await runCli(
      [
        "node",
        "weft-conformance",
        "--indexer-url",
        `${r.serve.url}/${chainId}`,
        "--profile",
        "strict",
        "--no-progress",
        "--report",
        `json=${report}`,
      ],
      {
        stdout: (t) => {
          stdout += t;
        },
        stderr: (t) => {
          stderr += t;
        },
        color: false,
      },
    );
    const body = JSON.parse(readFileSync(report, "utf8")) as ConformanceReport;
    const failures = body.results.filter((x) => x.status === "fail").map((x) => `${x.id}: ${x.reason}`);
    expect(failures, stderr).toEqual([]);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toContain("CONFORMS");
    for (const x of body.results.filter((x) => x.status === "skip"))
      expect(x.reason, x.id).toMatch(ALLOWED_SKIP);
    // The chain's own data was read, not an empty index: its blocks, txs and NFTs (and EVM calls).
    expect(body.summary.blocks.pass).toBeGreaterThan(0);
    expect(body.summary.txs.pass).toBeGreaterThan(0);
    expect(body.summary.nft.pass).toBeGreaterThan(0);
    if (vm === "evm") expect(body.summary.evm.pass).toBeGreaterThan(0);
    const status = (await (await fetch(`${r.serve.url}/${chainId}/status`)).json()) as { chain_id: string };
    expect(status.chain_id).toBe(chainId);
  });

  it(`a stopped node (${STOPPED}) stalls its chain alone; the other two keep ingesting`, async () => {
    if (!available) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const r = run as Running;
    await r.proxies.get(STOPPED)?.setMode("refuse");
    // Stalled: nothing committed for STALL_TIMEOUT_MS, so what was in flight has landed.
    const metricsUrl = metricsUrlOf(r.ingestLogs()) as string;
    await waitFor(
      "the stopped chain to show as stalled",
      async () =>
        (await (await fetch(`${metricsUrl}/metrics`)).text()).includes(
          `weft_ingest_stalled{chain_id="${STOPPED}"} 1`,
        ),
      15_000,
      r.ingestLogs,
    );
    const before = await heights(metricsUrl);
    // A block a second: a few seconds move every running chain on.
    await sleep(3_000);
    const after = await heights(metricsUrl);
    for (const c of CHAINS) {
      if (c.chainId === STOPPED) expect(after[c.chainId], c.chainId).toBe(before[c.chainId]);
      else expect(after[c.chainId], c.chainId).toBeGreaterThan(before[c.chainId] as number);
    }
    const metrics = await (await fetch(`${metricsUrl}/metrics`)).text();
    expect(metrics).toContain(`weft_ingest_stalled{chain_id="${STOPPED}"} 1`);
    for (const c of CHAINS.filter((c) => c.chainId !== STOPPED))
      expect(metrics).toContain(`weft_ingest_stalled{chain_id="${c.chainId}"} 0`);
    // One stalled chain does not pull the ingest process (nor the deployment) out of service.
    const ready = await fetch(`${metricsUrl}/ready`);
    expect(ready.status).toBe(200);
    expect((await fetch(`${r.serve.url}/ready`)).status).toBe(200);
    // ... while its own readiness, and the list, say it is the one stalled.
    const { chains } = (await ready.json()) as { chains: { chain_id: string; state: string }[] };
    expect(Object.fromEntries(chains.map((c) => [c.chain_id, c.state]))).toEqual(
      Object.fromEntries(CHAINS.map((c) => [c.chainId, c.chainId === STOPPED ? "stalled" : "ingesting"])),
    );
    expect((await fetch(`${metricsUrl}/${STOPPED}/ready`)).status).toBe(503);
    // The other chains' API follows their new blocks; the stopped chain's still serves what it has.
    for (const c of CHAINS) {
      const status = (await (await fetch(`${r.serve.url}/${c.chainId}/status`)).json()) as { height: number };
      if (c.chainId === STOPPED) expect(status.height, c.chainId).toBe(before[c.chainId]);
      else expect(status.height, c.chainId).toBeGreaterThan(before[c.chainId] as number);
    }
  });
});
