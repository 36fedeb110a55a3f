#!/usr/bin/env node
/**
 * `weft-devnet`: a deterministic local chain on this machine, or with --interchain the local
 * interchain (L1, two rollups, a Cosmos chain, relayer and OPinit executor) the router routes over.
 *   node dist/cli.js --port 26657 --seed 1 --block-interval-ms 1000 --initial-blocks 100
 *   node dist/cli.js --interchain [--genesis genesis.json]   (prints {"chain id": url} on stdout)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startInterchain } from "./interchain/interchain.js";
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
    "max-txs-per-block": { type: "string", default: "4" },
    interchain: { type: "boolean", default: false },
    genesis: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  process.stdout.write(
    "usage: weft-devnet [--port N] [--seed N] [--chain-id ID] [--block-interval-ms MS] [--initial-blocks N] [--vm move|evm] [--max-txs-per-block N]\n" +
      "       weft-devnet --interchain [--genesis FILE] [--seed N] [--block-interval-ms MS] [--initial-blocks N]\n" +
      "         FILE: {chain id: {address: {denom: amount}}}; prints {chain id: url} as one JSON line on stdout\n",
  );
  process.exit(0);
}
if (values.interchain) {
  const raw = values.genesis
    ? (JSON.parse(readFileSync(values.genesis, "utf8")) as Record<
        string,
        Record<string, Record<string, string>>
      >)
    : {};
  const genesis = Object.fromEntries(
    Object.entries(raw).map(([chain, accounts]) => [
      chain,
      Object.fromEntries(
        Object.entries(accounts).map(([a, coins]) => [
          a,
          Object.fromEntries(Object.entries(coins).map(([d, n]) => [d, BigInt(n)])),
        ]),
      ),
    ]),
  );
  const net = await startInterchain({
    genesis,
    seed: Number(values.seed),
    blockIntervalMs: Number(values["block-interval-ms"]),
  });
  net.produce(Number(values["initial-blocks"]));
  process.stdout.write(`${JSON.stringify(net.urls)}\n`);
  process.stderr.write(
    `interchain serving ${Object.entries(net.urls)
      .map(([id, url]) => `${id} on ${url}`)
      .join(", ")}\n`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void net.close().then(() => process.exit(0)));
} else {
  const node = await startDevnetNode({
    chain: createChain({
      seed: Number(values.seed),
      chainId: values["chain-id"],
      vm: values.vm === "evm" ? "evm" : "move",
      maxTxsPerBlock: Number(values["max-txs-per-block"]),
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
}
