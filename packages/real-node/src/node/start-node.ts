/**
 * A real single-node rollup from a binary: a temp home prepared with the node's own CLI, listeners on
 * free 127.0.0.1 ports, `minitiad start` as a child process, resolved once RPC, REST and (minievm)
 * JSON-RPC answer. `stop()` kills it and removes the home; a node a test forgets is killed when the
 * process exits, so no run leaves a chain behind holding ports and CPU.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createNodeCli, type NodeCli } from "./node-cli.js";
import { configureNode, type NodePorts } from "./node-config.js";
import { type NodeAccount, prepareHome } from "./node-home.js";
import { getJson, jsonRpc, latestHeight, pollUntil } from "./node-queries.js";
import { TEST_ACCOUNTS, type TestAccount } from "./test-accounts.js";

export type VmKind = "evm" | "move";

export interface StartNodeOptions {
  vm: VmKind;
  /** Path of the `minitiad` binary (minievm for "evm", minimove for "move"). */
  bin: string;
  /** Folder of libmovevm/libcompiler, put on LD_LIBRARY_PATH (minimove needs it). */
  libDir?: string;
  /** @default "local-minievm-1" / "local-minimove-1" */
  chainId?: string;
  /** Time between blocks; blocks come even while idle. @default "500ms" */
  blockInterval?: string;
  /** @default TEST_ACCOUNTS (the first one is the validator) */
  accounts?: readonly TestAccount[];
  /** Genesis balance of each account. @default 10^24 GAS (evm) / 10^14 umin (move: at most u64) */
  balance?: string;
  /** How long start may take until every endpoint answers. @default 60_000 */
  readyTimeoutMs?: number;
}

export interface RealNode {
  vm: VmKind;
  chainId: string;
  /** Fee and genesis denom: `GAS` (evm) or `umin` (move). */
  denom: string;
  home: string;
  ports: NodePorts;
  /** CometBFT RPC, e.g. http://127.0.0.1:PORT */
  rpcUrl: string;
  /** Cosmos REST (LCD). */
  restUrl: string;
  /** EVM JSON-RPC; undefined on minimove. */
  jsonRpcUrl: string | undefined;
  accounts: NodeAccount[];
  /** The account by keyring name; throws for an unknown name. */
  account(name: string): NodeAccount;
  cli: NodeCli;
  /** Runs a CLI command against this node's home (client.toml supplies chain id, node, keyring). */
  exec(args: string[]): Promise<string>;
  /** The node's recent output (for failure messages). */
  logs(): string;
  /** Kills the node (SIGTERM, then SIGKILL) and removes its home. Idempotent. */
  stop(): Promise<void>;
}

const DEFAULTS = {
  evm: { chainId: "local-minievm-1", denom: "GAS", balance: "1000000000000000000000000" },
  move: { chainId: "local-minimove-1", denom: "umin", balance: "100000000000000" },
} as const;
const LOG_TAIL_CHARS = 20_000;
const STOP_GRACE_MS = 5_000;

/** Every node still running in this process, killed synchronously if the process exits first. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts a node and resolves once it serves; rejects (and cleans up) if it exits or stays silent. */
export async function startNode(options: StartNodeOptions): Promise<RealNode> {
  const defaults = DEFAULTS[options.vm];
  const chainId = options.chainId ?? defaults.chainId;
  const cli = createNodeCli(options.bin, options.libDir);
  const home = mkdtempSync(path.join(tmpdir(), `weft-real-${options.vm}-`));
  let child: ChildProcess | undefined;
  let log = "";
  const stop = async () => {
    if (child) {
      const exited = exitOf(child);
      child.kill("SIGTERM");
      const timer = setTimeout(() => child?.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
      running.delete(child);
    }
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const accounts = await prepareHome({
      cli,
      home,
      chainId,
      denom: defaults.denom,
      balance: options.balance ?? defaults.balance,
      accounts: options.accounts ?? TEST_ACCOUNTS,
    });
    const ports = await configureNode({
      home,
      vm: options.vm,
      chainId,
      denom: defaults.denom,
      blockInterval: options.blockInterval ?? "500ms",
    });
    const started = spawn(options.bin, ["start", "--home", home, "--log_no_color"], {
      env: cli.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    running.add(started);
    const keep = (c: Buffer) => {
      log = (log + c.toString()).slice(-LOG_TAIL_CHARS);
    };
    started.stdout?.on("data", keep);
    started.stderr?.on("data", keep);
    const node: RealNode = {
      vm: options.vm,
      chainId,
      denom: defaults.denom,
      home,
      ports,
      rpcUrl: `http://127.0.0.1:${ports.rpc}`,
      restUrl: `http://127.0.0.1:${ports.rest}`,
      jsonRpcUrl: options.vm === "evm" ? `http://127.0.0.1:${ports.jsonRpc}` : undefined,
      accounts,
      account(name) {
        const found = accounts.find((a) => a.name === name);
        if (!found) throw new Error(`no account ${name} on ${chainId}`);
        return found;
      },
      cli,
      exec: (args) => cli.run([...args, "--home", home]),
      logs: () => log,
      stop,
    };
    await waitUntilServing(node, started, options.readyTimeoutMs ?? 60_000);
    return node;
  } catch (err) {
    await stop();
    throw new Error(`${options.vm} node did not start: ${String(err)}\n--- node output ---\n${log}`);
  }
}

/** RPC past block 1, REST answering, JSON-RPC answering (evm); fails at once if the node exits. */
async function waitUntilServing(node: RealNode, child: ChildProcess, timeoutMs: number): Promise<void> {
  let exited = false;
  void exitOf(child).then(() => {
    exited = true;
  });
  await pollUntil(
    "RPC, REST and JSON-RPC answering",
    async () => {
      if (exited) throw new Error("the node exited");
      if ((await latestHeight(node.rpcUrl)) < 1) return undefined;
      await getJson(`${node.restUrl}/cosmos/base/tendermint/v1beta1/node_info`);
      if (node.jsonRpcUrl) await jsonRpc(node.jsonRpcUrl, "eth_blockNumber");
      return true;
    },
    timeoutMs,
  ).catch((err: unknown) => {
    // pollUntil swallows probe errors while polling; the exit is the one to report.
    if (exited) throw new Error("the node exited before serving");
    throw err;
  });
}
