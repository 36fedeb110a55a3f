/**
 * The real-node tier on minievm: a real minievm node, the scenario's real txs, Weft ingesting it on
 * defaults into a fresh database, then every check of the Indexer API against the node and the
 * ledger, and the conformance CLI (strict) against the same Weft.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConformance } from "./_test/conformance-cli.js";
import { startWeftOnNode, type WeftOnNode } from "./_test/weft-on-node.js";
import { lastLedgerHeight } from "./checks/ledger.js";
import { describeMismatches } from "./checks/mismatches.js";
import { type CheckGroup, runChecks } from "./checks/run-checks.js";
import { type MinievmScenario, runMinievmScenario } from "./minievm/run-minievm-scenario.js";
import { minievmSkipReason, realNodeBinaries } from "./node/node-env.js";
import type { RealNode } from "./node/start-node.js";
import { startNode } from "./node/start-node.js";

const bins = realNodeBinaries();
const skip = minievmSkipReason(bins);
if (skip) console.log(`real-node minievm: ${skip}`);

/** How long Weft may take to index the scenario's blocks (ingest starts at height 1 and traces each). */
const INDEX_TIMEOUT_MS = 180_000;

describe.skipIf(skip !== undefined)(`real-node minievm ${skip ?? ""}`, () => {
  let node: RealNode | undefined;
  let weft: WeftOnNode | undefined;
  let scenario: MinievmScenario;

  beforeAll(async () => {
    node = await startNode({ vm: "evm", bin: bins.minievm! });
    scenario = await runMinievmScenario(node);
    weft = await startWeftOnNode(node);
    await weft.waitForHeight(lastLedgerHeight(scenario.ledger), INDEX_TIMEOUT_MS);
  }, 420_000);

  afterAll(async () => {
    await weft?.stop();
    await node?.stop();
  }, 60_000);

  const checked = (group: CheckGroup) => async () => {
    const found = await runChecks({
      weftUrl: weft!.url,
      node: node!,
      ledger: scenario.ledger,
      only: [group],
    });
    // Every mismatch, whole, for whoever fixes them; the assertion message has each one's first difference.
    mkdirSync("test-results", { recursive: true });
    writeFileSync(`test-results/real-node-minievm-${group}.json`, JSON.stringify(found[group], null, 2));
    expect(found[group].length, describeMismatches(found[group])).toBe(0);
  };

  it("the scenario sent every kind of tx the node reports", () => {
    const types = new Set(scenario.ledger.txs.flatMap((t) => t.msgTypes));
    expect([...types].sort()).toEqual([
      "/cosmos.bank.v1beta1.MsgSend",
      "/minievm.evm.v1.MsgCall",
      "/minievm.evm.v1.MsgCreate",
    ]);
  });
  it("blocks and /status agree with the node", checked("blocks"), 120_000);
  it(
    "txs, by height, by account and msgs filters agree with the node and the ledger",
    checked("txs"),
    180_000,
  );
  it("EVM txs and internal txs agree with receipts and callTracer", checked("evm"), 180_000);
  it("NFT collections, tokens, owners and token txs are as minted and moved", checked("nft"), 120_000);
  it("rich lists equal the node's balances", checked("richlist"), 120_000);
  it("the conformance CLI (strict) finds Weft conforming", async () => {
    const { code, output } = await runConformance(weft!.url);
    expect(code, output.slice(-8000)).toBe(0);
  }, 300_000);
});
