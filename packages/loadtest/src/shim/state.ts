/** What one shim run records: checks and custom metric samples, read by the runner at the end. */
export interface CheckTally {
  passes: number;
  fails: number;
}

export interface ShimState {
  checks: Map<string, CheckTally>;
  metrics: Map<string, { type: string; values: number[] }>;
  groupPath: string[];
}

export const state: ShimState = { checks: new Map(), metrics: new Map(), groupPath: [] };
