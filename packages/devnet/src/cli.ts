#!/usr/bin/env node
/**
 * `weft-devnet`: a deterministic local chain on this machine.
 *   node dist/cli.js --port 26657 --seed 1 --block-interval-ms 1000 --initial-blocks 100
 */
import { parseArgs } from "node:util";
import { createChain } from "./chain.js";
import { startDevnetNode } from "./node-server.js";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "26657" },
    seed: { type: "string", default: "1" },
    "chain-id": { type: "string", default: "weft-devnet-1" },
    "block-interval-ms": { type: "string", default: "1000" },
    "initial-blocks": { type: "string", default: "100" },
    vm: { type: "string", default: "move" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  process.stdout.write(
    "usage: weft-devnet [--port N] [--seed N] [--chain-id ID] [--block-interval-ms MS] [--initial-blocks N] [--vm move|evm]\n",
  );
  process.exit(0);
}
const node = await startDevnetNode({
  chain: createChain({
    seed: Number(values.seed),
    chainId: values["chain-id"],
    vm: values.vm === "evm" ? "evm" : "move",
  }),
  port: Number(values.port),
  initialBlocks: Number(values["initial-blocks"]),
  blockIntervalMs: Number(values["block-interval-ms"]),
});
process.stderr.write(
  `devnet ${node.chain.chainId} serving CometBFT RPC, Cosmos REST${node.chain.vm === "evm" ? " and EVM JSON-RPC" : ""} on ${node.url} (head ${node.head})\n`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void node.close().then(() => process.exit(0)));
