/**
 * The fault proxy for tests. It lives with the benchmarks (bench/fault-proxy.ts), which run it from
 * the build; the package ships neither.
 */
export { type FaultMode, type FaultProxy, startFaultProxy } from "../bench/fault-proxy.js";
