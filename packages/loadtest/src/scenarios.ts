/**
 * The request mix that load tests replay, as data: which contract path each scenario hits and how
 * often. The k6 scripts and the autocannon runner (issue: load tests) are built on this list.
 */
import type { paths } from "@weft/spec/types";

export interface Scenario {
  name: string;
  /** A path template of the contract; checked against spec/ by a test. */
  path: keyof paths;
  /** Relative share of the mix. */
  weight: number;
}

/** Operations-only mix until the indexer endpoints land. */
export const SMOKE_MIX: Scenario[] = [
  { name: "liveness", path: "/health", weight: 1 },
  { name: "readiness", path: "/ready", weight: 1 },
];
