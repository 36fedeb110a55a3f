export { type Check, type CheckContext, classOf } from "./check.js";
export { type Contract, type ContractOperation, createContract, loadContractDocument } from "./contract.js";
export { type Discovery, discover } from "./discovery.js";
export { HTTP_METHODS, type HttpMethod, listOperations, type OperationRef } from "./operations.js";
export {
  type ConformanceOptions,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  runConformance,
} from "./run-conformance.js";
export * from "./types.js";
