/**
 * The chains of the many-chains bench: N devnet nodes (@weft/devnet's single-chain node, each its
 * own chain id and seed) in one child process, forked by the bench. One process for all of them
 * because a devnet node is an HTTP server over a lazily generated chain, a few MB each: twenty
 * processes would add twenty Node heaps to the machine the deployments under test share, the same
 * for both shapes but for nothing. The parent asks for more blocks on one chain (`produce`) to start
 * a backfill; blocks appear only then (no timer), so a caught-up chain stays still.
 *
 *   fork(many-chains-nodes.js, ["--chains", "5", "--blocks", "400"]) -> {kind: "nodes", nodes: [{chainId, url}]}
 */
import { parseArgs } from "node:util";
import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import { benchChainId, type NodesMessage } from "./many-chains-deployments.js";

const { values } = parseArgs({
  options: { chains: { type: "string" }, blocks: { type: "string" } },
});
const chains = Number(values.chains);
const blocks = Number(values.blocks);
const nodes: DevnetNode[] = [];
for (let i = 0; i < chains; i++)
  nodes.push(
    await startDevnetNode({
      chain: createChain({ seed: i + 1, chainId: benchChainId(i) }),
      host: "127.0.0.1",
      port: 0,
      initialBlocks: blocks,
      blockIntervalMs: 0,
    }),
  );
const send = (m: NodesMessage) => process.send?.(m);
process.on("message", (m: NodesMessage) => {
  if (m.kind !== "produce") return;
  const node = nodes[m.index];
  if (node) send({ kind: "produced", index: m.index, head: node.produceBlocks(m.blocks) });
});
// The parent going away (a crash, ^C) takes the nodes with it.
process.on("disconnect", () => void Promise.all(nodes.map((n) => n.close())).then(() => process.exit(0)));
send({ kind: "nodes", nodes: nodes.map((n) => ({ chainId: n.chain.chainId, url: n.url })) });
