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
import { bech32Of } from "./minievm/tx-records.js";
import { nftOwnerOnNode } from "./nft-send/nft-owner-on-node.js";
import { recordNftSend } from "./nft-send/record-nft-send.js";
import { indexedTokensOf, sendNftByRouter } from "./nft-send/send-nft-by-router.js";
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
  // Before the checks: they then hold Weft to the ledger with this tx in it.
  it("an NFT send built by POST /nft, converted and signed as Initia's wallet does, moves it on the node", async () => {
    const [alice, carol] = [node!.account("alice"), node!.account("carol")];
    const nft = { vm: "evm", collection: scenario.nft, tokenId: "3" } as const;
    expect(await nftOwnerOnNode(node!, nft), "the scenario left TNFT #3 with alice").toBe(alice.address);

    const sent = await sendNftByRouter({
      weftUrl: weft!.url,
      node: node!,
      from: "alice",
      to: carol.address,
      collection: scenario.nft.toLowerCase(),
    });
    expect(sent.token.nft.token_id).toBe(nft.tokenId);
    expect(sent.msgs.map((m) => m.type)).toEqual(["evm/MsgCall"]);
    expect(sent.tx.code, sent.tx.rawLog).toBe(0);
    const tx = await recordNftSend(node!, scenario.ledger, sent, [bech32Of(scenario.nft), carol.address]);
    // The node executed exactly what the wallet's converters made of Weft's messages.
    expect(tx.msgTypes).toEqual(sent.converted.map((m) => m.typeUrl));
    expect(await nftOwnerOnNode(node!, nft)).toBe(carol.address);

    await weft!.waitForHeight(tx.height, 60_000);
    const held = (owner: string) =>
      indexedTokensOf(weft!.url, owner).then((ts) =>
        ts.filter((t) => t.collection_addr === nft.collection.toLowerCase()).map((t) => t.nft.token_id),
      );
    expect(await held(carol.address)).toEqual([nft.tokenId]);
    expect(await held(alice.address)).toEqual([]);
  }, 60_000);
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
