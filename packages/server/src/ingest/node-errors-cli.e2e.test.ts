/**
 * `weft ingest` against a node it cannot use: one line on stderr naming the URL, what was asked and
 * what came back, and a non-zero exit, instead of a bare "fetch failed" or a loop retrying forever.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPayloadNode } from "../_test/payload-node.js";
import { CLI_PATH } from "../_test/spawn-weft.js";
import { SYNTHETIC_CHAIN_ID, syntheticPayload } from "../_test/synthetic-chain.js";
import { createScratchDatabase, realPostgresAvailable } from "../_test/test-database.js";

/** Runs `weft ingest`; a run still going after `ms` is killed (exit code null), which fails the test. */
function ingest(env: Record<string, string | undefined>, ms = 45_000) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI_PATH, "ingest"], {
      env: {
        ...process.env,
        LOG_LEVEL: "warn",
        REST_URL: undefined,
        JSON_RPC_URL: undefined,
        VM_TYPE: undefined,
        CHAIN_ID: undefined,
        ...database,
        ...env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

let database: Record<string, string | undefined> = {};
const cleanups: (() => unknown)[] = [];

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe("weft ingest names the node endpoint it cannot use", () => {
  let node: Awaited<ReturnType<typeof startPayloadNode>>;
  /** `/html/...` answers a web page (200), `/down/...` a 502 with a text body. */
  let web: string;

  beforeAll(async () => {
    if (await realPostgresAvailable()) {
      const scratch = await createScratchDatabase();
      database = { DATABASE_URL: scratch.url };
      cleanups.push(() => scratch.drop());
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), "weft-node-errors-"));
      database = { DATABASE_URL: undefined, WEFT_DATA_DIR: dir };
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    }
    node = await startPayloadNode({
      payload: (h) => syntheticPayload(h, { blocks: 20 }),
      head: 20,
      chainId: SYNTHETIC_CHAIN_ID,
    });
    cleanups.push(() => node.close());
    const server = createServer((req, res) => {
      if (req.url?.startsWith("/html")) {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>\n  <body>Welcome to nginx!</body>\n</html>\n");
      } else {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end("upstream down");
      }
    }).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    web = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    cleanups.push(() => new Promise((r) => server.close(r)));
  }, 120_000);
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("a node that refuses the connection: the URL, CometBFT RPC /status and ECONNREFUSED", async () => {
    const port = await closedPort();
    const { code, stderr } = await ingest({ RPC_URL: `http://127.0.0.1:${port}` });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr:
        `weft: cannot reach the node at http://127.0.0.1:${port}/status (CometBFT RPC /status): ` +
        "connection refused (ECONNREFUSED); check RPC_URL (the node's CometBFT RPC, usually port 26657)\n",
    });
  }, 60_000);

  it("a REST URL that answers a web page: what came back, and REST_URL to check", async () => {
    const { code, stderr } = await ingest({ RPC_URL: node.url, REST_URL: `${web}/html` });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr:
        `weft: unexpected answer from the node at ${web}/html/cosmos/tx/v1beta1/txs/block/20?pagination.limit=1 ` +
        "(Cosmos REST /cosmos/tx/v1beta1/txs/block/{height}): a body that is not JSON (text/html): " +
        '"<html> <body>Welcome to nginx!</body> </html>"; ' +
        "check REST_URL (the node's Cosmos REST API, usually port 1317)\n",
    });
  }, 60_000);

  it("an EVM JSON-RPC that answers 502: the status and body, and JSON_RPC_URL to check", async () => {
    const { code, stderr } = await ingest({
      RPC_URL: node.url,
      VM_TYPE: "evm",
      JSON_RPC_URL: `${web}/down`,
    });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr:
        `weft: unexpected answer from the node at ${web}/down (EVM JSON-RPC eth_blockNumber): ` +
        'HTTP 502 Bad Gateway with "upstream down"; ' +
        "check JSON_RPC_URL (the node's EVM JSON-RPC, usually port 8545)\n",
    });
  }, 60_000);

  it("an RPC URL that is not CometBFT RPC (a JSON 404): the status and body, and RPC_URL to check", async () => {
    const { code, stderr } = await ingest({ RPC_URL: `${node.url}/api` });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr:
        `weft: unexpected answer from the node at ${node.url}/api/status (CometBFT RPC /status): ` +
        'HTTP 404 Not Found with "{\\"code\\":5,\\"message\\":\\"not found\\"}"; ' +
        "check RPC_URL (the node's CometBFT RPC, usually port 26657)\n",
    });
  }, 60_000);
});
