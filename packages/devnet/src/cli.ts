#!/usr/bin/env node
/**
 * `weft-devnet`: a deterministic local chain on this machine, or with --interchain the local
 * interchain (L1, two rollups, a Cosmos chain, relayer and OPinit executor) the router routes over.
 *   node dist/cli.js --port 26657 --seed 1 --block-interval-ms 1000 --initial-blocks 100
 *   node dist/cli.js --interchain [--genesis genesis.json]   (prints {"chain id": url} on stdout)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createChain } from "./chain/create-chain.js";
import { startInterchain } from "./interchain/interchain.js";
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
    "max-evm-txs-per-block": { type: "string", default: "3" },
    "fresh-recipient-share": { type: "string", default: "0" },
    "evm-nft-mint-share": { type: "string", default: "0" },
    "evm-erc20-transfer-share": { type: "string", default: "0" },
    interchain: { type: "boolean", default: false },
    genesis: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  process.stdout.write(
    "usage: weft-devnet [--port N] [--seed N] [--chain-id ID] [--block-interval-ms MS] [--initial-blocks N] [--vm move|evm|wasm] [--max-txs-per-block N]\n" +
      "         [--max-evm-txs-per-block N] [--fresh-recipient-share 0..1] [--evm-nft-mint-share 0..1]\n" +
      "         [--evm-erc20-transfer-share 0..1]\n" +
      "       weft-devnet --interchain [--genesis FILE] [--seed N] [--block-interval-ms MS] [--initial-blocks N]\n" +
      "         FILE: {chain id: {address: {denom: amount}}}; prints {chain id: url} as one JSON line on stdout\n",
  );
  process.exit(0);
}
const VMS = ["move", "evm", "wasm"] as const;
const vm = VMS.find((v) => v === values.vm);
if (!vm) {
  process.stderr.write(`--vm must be one of ${VMS.join(", ")}, got ${values.vm}\n`);
  process.exit(2);
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
      vm,
      maxTxsPerBlock: Number(values["max-txs-per-block"]),
      maxEvmTxsPerBlock: Number(values["max-evm-txs-per-block"]),
      density: {
        freshRecipientShare: Number(values["fresh-recipient-share"]),
        evmNftMintShare: Number(values["evm-nft-mint-share"]),
        evmErc20TransferShare: Number(values["evm-erc20-transfer-share"]),
      },
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
