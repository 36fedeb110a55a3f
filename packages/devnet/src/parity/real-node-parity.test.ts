/**
 * The devnet held to real nodes: each recorded answer of a real minievm / minimove node
 * (fixtures/real-node) against the devnet's answer to the same method about a block of the same kind,
 * on exactly the paths Weft reads (weft-reads.ts). A meta-test proves a changed real answer fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChain } from "../chain/create-chain.js";
import { type DevnetNode, startDevnetNode } from "../node-server.js";
import { type Answer, compareAnswers, methodOf } from "./compare-answers.js";
import { devnetCounterpart } from "./devnet-counterpart.js";
import { KNOWN_DIFFERENCES } from "./known-differences.js";
import { type Recorded, readRecorded } from "./real-node-fixtures.js";

/** Recorded for the transfer tracker, whose reads the interchain's live chains serve (not compared here). */
const NOT_COMPARED = new Set([
  "tx",
  "tx_search",
  "eth_getBlockByNumber",
  "eth_getLogs",
  "cosmos_cosmosTxHashByTxHash",
]);

async function ask(node: DevnetNode, recorded: Recorded): Promise<Answer | undefined> {
  const req = devnetCounterpart(recorded, node.chain, node.head);
  if (!req) return undefined;
  const res = await fetch(`${node.url}${req.path}`, {
    method: req.method,
    headers: req.method === "POST" ? { "content-type": "application/json" } : req.headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/** The parts of a CometBFT `/block` result the meta-test edits. */
type BlockResult = { block_id: { hash: unknown }; block: { header: Record<string, unknown> } };

const NODES = [
  { folder: "minievm-v1.2.18", vm: "evm" as const },
  { folder: "minimove-v1.1.11", vm: "move" as const },
];

for (const { folder, vm } of NODES) {
  describe(`devnet (${vm}) against ${folder}`, () => {
    const recorded = readRecorded(folder);
    let node: DevnetNode;
    beforeAll(async () => {
      node = await startDevnetNode({ chain: createChain({ seed: 1, vm }), initialBlocks: 200 });
    });
    afterAll(() => node.close());

    const byMethod = (method: string) =>
      [...recorded.values()].filter((r) => methodOf(r.name) === method).map((r) => r.response);

    for (const r of recorded.values()) {
      if (NOT_COMPARED.has(methodOf(r.name))) continue;
      it(`${r.name}: ${r.about}`, async () => {
        const devnet = await ask(node, r);
        expect(devnet, "the devnet has no counterpart of this case").toBeDefined();
        const diffs = compareAnswers({
          name: r.name,
          real: r.response,
          devnet: devnet as Answer,
          allReal: byMethod(methodOf(r.name)),
        });
        expect(diffs.join("\n")).toBe((KNOWN_DIFFERENCES[`${folder}/${r.name}`] ?? []).join("\n"));
      });
    }

    it("fails when a recorded real answer changes in a field Weft reads", async () => {
      const r = recorded.get("block.bank-send") as Recorded;
      const devnet = (await ask(node, r)) as Answer;
      const compare = (real: Answer) => compareAnswers({ name: r.name, real, devnet, allReal: [real] });
      expect(compare(r.response)).toEqual([]);
      const mutate = (edit: (result: BlockResult) => void): Answer => {
        const body = structuredClone(r.response.body) as {
          result: BlockResult;
        };
        edit(body.result);
        return { status: r.response.status, body };
      };
      // A dropped field, a changed type, a changed hex case, a changed encoding of a number.
      expect(compare(mutate((b) => delete b.block.header.time))).toContain(
        "result.block.header.time: real has absent, devnet has string:rfc3339/fraction",
      );
      expect(compare(mutate((b) => (b.block.header.height = Number(b.block.header.height))))).toContain(
        "result.block.header.height: real has number, devnet has string:decimal",
      );
      expect(compare(mutate((b) => (b.block_id.hash = String(b.block_id.hash).toLowerCase())))[0]).toMatch(
        /^result\.block_id\.hash: real has string:/,
      );
      const evmTraces = recorded.get("debug_traceBlockByNumber.genesis");
      if (evmTraces) {
        const changed = structuredClone(evmTraces.response);
        (changed.body as { error: { code: number } }).error.code = -32603;
        const diffs = compareAnswers({
          name: evmTraces.name,
          real: changed,
          devnet: (await ask(node, evmTraces)) as Answer,
          allReal: [changed],
        });
        expect(diffs).toContain("error.code: real has -32603, devnet has -32000");
      }
    });
  });
}
