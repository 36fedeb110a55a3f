/**
 * A seeded block as a CometBFT 0.38 node serves it: `/block` (header, TxRaw list), `/block_results`
 * (the txs' results, the coinbase event) and the block's REST txs, around the txs of block-txs.ts;
 * and the same block's EVM JSON-RPC view (evm-view-txs.ts, evm-block.ts).
 */
import { createHash } from "node:crypto";
import type { BlockPayload } from "../payloads.js";
import type { BlockTxs } from "./block-txs.js";
import type { ChainSetup } from "./chain-setup.js";
import { evmBlock } from "./evm-block.js";
import type { EvmBlock } from "./evm-block-types.js";
import { evmViewTxs } from "./evm-view-txs.js";

const sha256 = (data: string) => createHash("sha256").update(data).digest();

export function blockPayload(setup: ChainSetup, height: number, txs: BlockTxs): BlockPayload {
  const { raws, rest, results } = txs;
  const time = new Date(setup.timeOf(height))
    .toISOString()
    .replace("Z", `${String(height % 1000).padStart(3, "0")}123Z`);
  return {
    block: {
      block_id: {
        hash: setup.blockHashOf(height),
        parts: { total: 1, hash: sha256(`parts-${height}`).toString("hex").toUpperCase() },
      },
      block: {
        header: {
          version: { block: "11", app: "0" },
          chain_id: setup.chainId,
          height: String(height),
          time,
          last_block_id: {
            hash: height > 1 ? setup.blockHashOf(height - 1) : "",
            parts: { total: 0, hash: "" },
          },
          proposer_address: setup.proposer,
        },
        data: { txs: raws },
        last_commit: { height: String(height - 1), round: 0, signatures: [] },
      },
    },
    results: {
      height: String(height),
      txs_results: raws.length === 0 ? null : results,
      finalize_block_events: [
        {
          type: "coinbase",
          attributes: [
            { key: "minter", value: setup.accounts[0] ?? "", index: true },
            { key: "mode", value: "BeginBlock", index: true },
          ],
        },
      ],
      validator_updates: null,
      consensus_param_updates: null,
      app_hash: sha256(`app-${height}`).toString("base64"),
    },
    txs: rest,
  };
}

export function evmBlockOf(setup: ChainSetup, height: number, txs: BlockTxs): EvmBlock {
  const { blockHashOf } = setup;
  return evmBlock({
    height,
    hash: `0x${blockHashOf(height).toLowerCase()}`,
    parentHash: height > 1 ? `0x${blockHashOf(height - 1).toLowerCase()}` : `0x${"0".repeat(64)}`,
    timeMs: setup.timeOf(height),
    miner: `0x${setup.proposer.toLowerCase()}`,
    txs: evmViewTxs(setup, txs),
  });
}
