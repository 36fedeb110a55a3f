/**
 * What Weft reads of each node method, declared once: the paths of the answer its code looks at and
 * how closely the devnet must match the real node there. Reviewed against packages/server/src:
 * ingest/node-source.ts, ingest/node-probe.ts, ingest/derive/ (node-payloads.ts, evm-payloads.ts,
 * derive-block.ts, tx-response.ts, evm-txs.ts, evm-internal-txs.ts, balance-deltas.ts,
 * nft-events.ts), ingest/initial-balances.ts, ingest/erc721-metadata.ts, ingest/move-nft-uris.ts,
 * indexer/node-lookups.ts, router/balances/node-balances.ts, router/tracking/chain-reader.ts.
 *
 * - `type`: the JSON type (and presence) must be one the real node gives;
 * - `format`: the type and the string encoding (formatOf) must be;
 * - `exact`: the value itself (error codes and messages Weft matches, statuses it branches on).
 */
import type { JsonPath } from "./json-shape.js";

export type Check = "type" | "format" | "exact";

/** The paths one method's answer is read at; `status` is the HTTP status. */
export type Reads = Record<JsonPath, Check>;

const COMET_EVENT: Reads = {
  "events[].type": "type",
  "events[].attributes": "type",
  "events[].attributes[].key": "type",
  // tx-response.ts serves `value` as the node gives it; the explorer's schema requires a string.
  "events[].attributes[].value": "type",
  "events[].attributes[].index": "type",
};

const prefixed = (prefix: string, reads: Reads): Reads =>
  Object.fromEntries(Object.entries(reads).map(([p, c]) => [`${prefix}${p}`, c]));

const BLOCK: Reads = {
  status: "exact",
  "result.block_id.hash": "format",
  "result.block.header.chain_id": "type",
  "result.block.header.height": "format",
  "result.block.header.time": "format",
  "result.block.header.proposer_address": "format",
  "result.block.header.last_block_id.hash": "format",
  "result.block.data.txs": "type",
  "result.block.data.txs[]": "format",
};

const TX_RESULT: Reads = {
  code: "type",
  data: "type",
  log: "type",
  info: "type",
  gas_wanted: "format",
  gas_used: "format",
  codespace: "type",
  events: "type",
  ...COMET_EVENT,
};

const BLOCK_RESULTS: Reads = {
  status: "exact",
  "result.height": "format",
  "result.txs_results": "type",
  ...prefixed("result.txs_results[].", TX_RESULT),
  "result.finalize_block_events": "type",
  ...prefixed("result.finalize_block_events[].", COMET_EVENT),
};

/** A CometBFT JSON-RPC error: Weft names the method and code, and tells a future height by the data. */
const COMET_ERROR: Reads = {
  status: "exact",
  result: "type",
  "error.code": "exact",
  "error.message": "exact",
  "error.data": "format",
};

const FRAME: Reads = {
  type: "exact",
  from: "format",
  to: "format",
  value: "format",
  gas: "format",
  gasUsed: "format",
  input: "format",
  output: "format",
  error: "type",
  calls: "type",
};

const LOG: Reads = {
  address: "format",
  topics: "type",
  "topics[]": "format",
  data: "format",
  blockNumber: "format",
  transactionHash: "format",
  transactionIndex: "format",
  blockHash: "format",
  logIndex: "format",
  removed: "type",
};

const RECEIPT: Reads = {
  blockHash: "format",
  blockNumber: "format",
  contractAddress: "format",
  cumulativeGasUsed: "format",
  effectiveGasPrice: "format",
  from: "format",
  gasUsed: "format",
  logs: "type",
  logsBloom: "format",
  status: "format",
  to: "format",
  transactionHash: "format",
  transactionIndex: "format",
  type: "format",
  ...prefixed("logs[].", LOG),
};

/** A JSON-RPC error Weft reports by code and message. */
const EVM_ERROR: Reads = { result: "type", "error.code": "exact", "error.message": "exact" };

const REST_ERROR: Reads = { status: "exact", "body.code": "exact" };

/** Reads by method: the fixture name up to its first dot (`eth_getBlockReceipts.bank-send`). */
export const WEFT_READS: Record<string, { ok: Reads; error?: Reads }> = {
  status: {
    ok: {
      status: "exact",
      "result.node_info.network": "type",
      "result.sync_info.latest_block_height": "format",
    },
  },
  block: { ok: BLOCK, error: COMET_ERROR },
  block_results: { ok: BLOCK_RESULTS, error: COMET_ERROR },
  batch: {
    ok: {
      status: "exact",
      "body[].id": "format",
      "body[].result": "type",
      "body[].result.block_id.hash": "format",
      "body[].result.block.header.height": "format",
      "body[].result.txs_results": "type",
      ...prefixed("body[].result.txs_results[].", COMET_EVENT),
    },
  },
  "txs-by-block": {
    ok: {
      status: "exact",
      "body.txs": "type",
      "body.txs[].body.messages[].@type": "type",
      "body.txs[].auth_info.signer_infos[].public_key.@type": "type",
      "body.txs[].auth_info.signer_infos[].public_key.key": "format",
      "body.txs[].auth_info.fee.amount": "type",
      "body.txs[].signatures[]": "format",
      "body.pagination.next_key": "type",
    },
    error: REST_ERROR,
  },
  "opchild-validator": {
    ok: { status: "exact", "body.validator.moniker": "type", "body.validator.operator_address": "format" },
    error: { status: "exact" },
  },
  "auth-accounts": {
    ok: {
      status: "exact",
      "body.accounts[].@type": "type",
      "body.pagination.next_key": "type",
    },
  },
  "bank-balances": {
    ok: {
      status: "exact",
      "body.balances[].denom": "type",
      "body.balances[].amount": "format",
      "body.pagination.next_key": "type",
    },
  },
  "bank-balance-by-denom": {
    ok: { status: "exact", "body.balance.denom": "type", "body.balance.amount": "format" },
  },
  "contracts-by-denom": { ok: { status: "exact", "body.address": "format" }, error: REST_ERROR },
  "move-resource": {
    ok: { status: "exact", "body.resource.move_resource": "type" },
    error: { status: "exact" },
  },
  eth_blockNumber: { ok: { result: "format" } },
  eth_getBlockReceipts: { ok: { result: "type", ...prefixed("result[].", RECEIPT) }, error: EVM_ERROR },
  debug_traceBlockByNumber: {
    ok: {
      result: "type",
      "result[].txHash": "format",
      "result[].error": "type",
      ...prefixed("result[].result.", FRAME),
      ...prefixed("result[].result.calls[].", FRAME),
      ...prefixed("result[].result.calls[].calls[].", FRAME),
    },
    error: EVM_ERROR,
  },
  eth_call: { ok: { result: "format" }, error: { result: "type", error: "type" } },
  eth_getBalance: { ok: { result: "format" } },
};
