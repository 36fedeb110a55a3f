import { describe, expect, it } from "vitest";
import { minievmSkipReason, minimoveSkipReason, realNodeBinaries } from "./node-env.js";
import { getJson, jsonRpc, latestHeight, waitForHeight } from "./node-queries.js";
import { startNode } from "./start-node.js";

const bins = realNodeBinaries();
const evmSkip = minievmSkipReason(bins);
const moveSkip = minimoveSkipReason(bins);

describe.skipIf(evmSkip !== undefined)(`startNode minievm ${evmSkip ?? ""}`, () => {
  it("serves RPC, REST and JSON-RPC on free ports, makes blocks while idle, and cleans up", async () => {
    const node = await startNode({ vm: "evm", bin: bins.minievm! });
    try {
      expect(node.account("validator").hex).toBe("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266");
      const h = await latestHeight(node.rpcUrl);
      await waitForHeight(node.rpcUrl, h + 2, 10_000);
      const validators = await getJson<{ validators: { operator_address: string }[] }>(
        `${node.restUrl}/opinit/opchild/v1/validators`,
      );
      const block = await getJson<{ result: { block: { header: { proposer_address: string } } } }>(
        `${node.rpcUrl}/block?height=1`,
      );
      expect(validators.validators[0]?.operator_address).toMatch(/^initvaloper1/);
      expect(block.result.block.header.proposer_address).toMatch(/^[0-9A-F]{40}$/);
      expect(Number(await jsonRpc<string>(node.jsonRpcUrl!, "eth_blockNumber"))).toBeGreaterThan(0);
    } finally {
      await node.stop();
    }
  }, 120_000);
});

describe.skipIf(moveSkip !== undefined)(`startNode minimove ${moveSkip ?? ""}`, () => {
  it("serves RPC and REST and makes blocks while idle", async () => {
    const node = await startNode({ vm: "move", bin: bins.minimove!, libDir: bins.movevmLibDir! });
    try {
      const h = await latestHeight(node.rpcUrl);
      await waitForHeight(node.rpcUrl, h + 2, 10_000);
      expect(node.jsonRpcUrl).toBeUndefined();
    } finally {
      await node.stop();
    }
  }, 120_000);
});
