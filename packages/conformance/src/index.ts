export {
  type AcceptedDifference,
  createAcceptance,
  loadAcceptedDifferences,
  parseAcceptedDifferences,
} from "./accepted-differences.js";
export { type Check, type CheckContext, classOf } from "./check.js";
export { type Contract, type ContractOperation, createContract, loadContractDocument } from "./contract.js";
export {
  type DifferenceGroup,
  generalizePointer,
  groupDifferences,
  type OperationEndpoint,
} from "./difference-groups.js";
export { type Discovery, discover } from "./discovery.js";
export {
  DIFFERENCE_KINDS,
  type DifferenceKind,
  diffJson,
  diffRecords,
  type JsonDifference,
} from "./json-diff.js";
export { type NotAnIndexerOptions, notAnIndexer } from "./not-an-indexer.js";
export { HTTP_METHODS, type HttpMethod, listOperations, type OperationRef } from "./operations.js";
export {
  formatDifferentialSummary,
  renderDifferentialReport,
  toDifferentialHtml,
} from "./report/differential.js";
export {
  type ConformanceOptions,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  runConformance,
} from "./run-conformance.js";
export {
  type ComparedRequest,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_RECORDS,
  type Difference,
  type DifferentialOptions,
  type DifferentialReport,
  RECHECK_DELAY_MS,
  runDifferential,
} from "./run-differential.js";
export * from "./types.js";
