/** The node starter, for the scenarios of each VM (`@weft/real-node/node/index`). */
export { freePorts } from "./free-ports.js";
export { createNodeCli, type NodeCli } from "./node-cli.js";
export {
  minievmSkipReason,
  minimoveSkipReason,
  type RealNodeBinaries,
  realNodeBinaries,
} from "./node-env.js";
export { bech32ToHex, hexToBech32, type NodeAccount } from "./node-home.js";
export {
  type CommittedTx,
  getJson,
  jsonRpc,
  latestHeight,
  pollUntil,
  waitForHeight,
  waitForTx,
} from "./node-queries.js";
export { type RealNode, type StartNodeOptions, startNode, type VmKind } from "./start-node.js";
export { TEST_ACCOUNTS, type TestAccount } from "./test-accounts.js";
