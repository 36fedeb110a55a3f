/**
 * The real-node tier on minimove: a real minimove node, the scenario's real txs (bank sends, Move
 * NFT collections, mints, URI change, burn and transfers, Move fungible transfers), Weft ingesting it
 * on defaults into a fresh database, then every check of the Indexer API against the node and the
 * ledger, the Move-only NFT checks, and the conformance CLI (strict) against the same Weft.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConformance } from "./_test/conformance-cli.js";
import { startWeftOnNode, type WeftOnNode } from "./_test/weft-on-node.js";
import { lastLedgerHeight } from "./checks/ledger.js";
import { describeMismatches, Mismatches } from "./checks/mismatches.js";
import { type CheckGroup, runChecks } from "./checks/run-checks.js";
import { verifyLedgerOnNode } from "./minimove/ledger-on-node.js";
import { runMinimoveScenario } from "./minimove/minimove-scenario.js";
import { checkMoveNfts } from "./minimove/move-checks.js";
import type { MinimoveLedger } from "./minimove/move-ledger.js";
import { nftOwnerOnNode } from "./nft-send/nft-owner-on-node.js";
import { recordNftSend } from "./nft-send/record-nft-send.js";
import { indexedTokensOf, sendNftByRouter } from "./nft-send/send-nft-by-router.js";
import { minimoveSkipReason, realNodeBinaries } from "./node/node-env.js";
import { type RealNode, startNode } from "./node/start-node.js";

const bins = realNodeBinaries();
const skip = minimoveSkipReason(bins);
if (skip) console.log(`real-node minimove: ${skip}`);

/** How long Weft may take to index the scenario's blocks from height 1. */
const INDEX_TIMEOUT_MS = 180_000;

describe.skipIf(skip !== undefined)(`real-node minimove ${skip ?? ""}`, () => {
  let node: RealNode | undefined;
  let weft: WeftOnNode | undefined;
  let ledger: MinimoveLedger;
  let indexedHeight: number;

  beforeAll(async () => {
    node = await startNode({ vm: "move", bin: bins.minimove!, libDir: bins.movevmLibDir! });
    ledger = await runMinimoveScenario(node);
    weft = await startWeftOnNode(node);
    indexedHeight = await weft.waitForHeight(lastLedgerHeight(ledger), INDEX_TIMEOUT_MS);
  }, 420_000);

  afterAll(async () => {
    await weft?.stop();
    await node?.stop();
  }, 60_000);

  const checked = (group: CheckGroup) => async () => {
    const found = await runChecks({ weftUrl: weft!.url, node: node!, ledger, only: [group] });
    expect(found[group], describeMismatches(found[group])).toEqual([]);
  };

  it("the scenario sent every kind of tx, as the node reports them", async () => {
    await verifyLedgerOnNode(node!, ledger, indexedHeight);
    const types = new Set(ledger.txs.flatMap((t) => t.msgTypes));
    expect([...types].sort()).toEqual([
      "/cosmos.bank.v1beta1.MsgMultiSend",
      "/cosmos.bank.v1beta1.MsgSend",
      "/initia.move.v1.MsgExecuteJSON",
    ]);
  }, 60_000);
  // Before the checks: they then hold Weft to the ledger with this tx in it.
  it("an NFT send built by POST /nft, converted and signed as Initia's wallet does, moves it on the node", async () => {
    const [alice, validator] = [node!.account("alice"), node!.account("validator")];
    const cat = ledger.moveTokens.find((t) => t.id === "cat-1")!;
    const nft = { vm: "move", objectAddr: cat.objectAddr } as const;
    expect(await nftOwnerOnNode(node!, nft), "the scenario left cat-1 with alice").toBe(alice.address);

    const sent = await sendNftByRouter({
      weftUrl: weft!.url,
      node: node!,
      from: "alice",
      to: validator.address,
      collection: cat.collection,
    });
    expect(sent.token.object_addr).toBe(cat.objectAddr);
    expect(sent.msgs.map((m) => m.type)).toEqual(["move/MsgExecute"]);
    expect(sent.tx.code, sent.tx.rawLog).toBe(0);
    const tx = await recordNftSend(node!, ledger, sent, [validator.address]);
    // The ledger's Move view of the token: its last change is this tx (owner and txs are shared).
    cat.height = tx.height;
    // The node executed exactly what the wallet's converters made of Weft's messages.
    expect(tx.msgTypes).toEqual(sent.converted.map((m) => m.typeUrl));
    expect(await nftOwnerOnNode(node!, nft)).toBe(validator.address);

    await weft!.waitForHeight(tx.height, 60_000);
    const held = (owner: string) =>
      indexedTokensOf(weft!.url, owner).then((ts) =>
        ts.map((t) => [t.object_addr, t.nft.token_id, t.height]),
      );
    expect(await held(validator.address)).toEqual([[cat.objectAddr, "cat-1", tx.height]]);
    expect(await held(alice.address)).toEqual([]);
  }, 60_000);
  it("blocks and /status agree with the node", checked("blocks"), 120_000);
  it(
    "txs, by height, by account and msgs filters agree with the node and the ledger",
    checked("txs"),
    180_000,
  );
  it("NFT collections, tokens, owners and token txs are as minted and moved", checked("nft"), 120_000);
  it("Move NFTs: object addresses, last-change heights, burns, each account's tokens exactly", async () => {
    const m = new Mismatches();
    await checkMoveNfts(m, weft!.url, node!, ledger);
    expect(m.list, describeMismatches(m.list)).toEqual([]);
  }, 120_000);
  it("the Move NFT checks fail on a ledger Weft does not match", async () => {
    // The same objects are shared by moveTokens and nftCollections; structuredClone keeps that.
    // Claim kitten-1 went to bob, not carol: carol still owns kitten-2, bob owns no NFT at all.
    const wrong = structuredClone(ledger);
    const [bob, carol] = [node!.account("bob").address, node!.account("carol").address];
    wrong.moveTokens.find((t) => t.id === "kitten-1")!.owner = bob;
    const m = new Mismatches();
    await checkMoveNfts(m, weft!.url, node!, wrong);
    expect(m.list.map((x) => `${x.check} ${x.at}`).sort()).toEqual([
      `nft collections by account (Move) ${bob}`,
      `nft tokens by account (Move) ${bob}`,
      `nft tokens by account (Move) ${carol}`,
      "nft tokens by collection (Move) Weft Real Kittens",
    ]);
  }, 120_000);
  it(
    "the rich list equals the node's bank balances (Move FA transfers included)",
    checked("richlist"),
    120_000,
  );
  it("the conformance CLI (strict) finds Weft conforming", async () => {
    const { code, output } = await runConformance(weft!.url);
    expect(code, output.slice(-8000)).toBe(0);
    expect(output).toContain("CONFORMS");
  }, 300_000);
});
