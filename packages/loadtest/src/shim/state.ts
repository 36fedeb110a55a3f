/**
 * What one shim run records, as k6 records it: every metric sample with its tags (k6's system tags
 * `group`, `scenario`, `name`, `method`, `status`, `expected_response`, `check`), read at the end to
 * evaluate thresholds and print the summary. Check tallies are kept apart for the JSON output.
 */
export type MetricType = "counter" | "gauge" | "rate" | "trend";

export interface MetricDef {
  type: MetricType;
  /** What the values are: k6 prints `time` metrics as durations (values in ms). */
  contains: "time" | "default";
}

export interface Sample {
  metric: string;
  value: number;
  tags: Record<string, string>;
}

export interface CheckTally {
  passes: number;
  fails: number;
}

export interface ShimState {
  checks: Map<string, CheckTally>;
  registry: Map<string, MetricDef>;
  samples: Sample[];
  /** Names of the groups entered; k6 tags samples with them joined as `::a::b` ("" at the root). */
  groupPath: string[];
  /** Tags of the running scenario (k6 adds `scenario` and the scenario's own `tags`). */
  scenarioTags: Record<string, string>;
}

/** The built-in metrics the shim measures (k6 has more: timings of each request phase, data, vus). */
const BUILTIN: [string, MetricDef][] = [
  ["checks", { type: "rate", contains: "default" }],
  ["group_duration", { type: "trend", contains: "time" }],
  ["http_req_duration", { type: "trend", contains: "time" }],
  ["http_req_failed", { type: "rate", contains: "default" }],
  ["http_reqs", { type: "counter", contains: "default" }],
  ["iteration_duration", { type: "trend", contains: "time" }],
  ["iterations", { type: "counter", contains: "default" }],
];

export const state: ShimState = {
  checks: new Map(),
  registry: new Map(BUILTIN),
  samples: [],
  groupPath: [],
  scenarioTags: {},
};

/** k6's `group` tag for the current group path. */
export function groupTag(path: string[] = state.groupPath): string {
  return path.map((g) => `::${g}`).join("");
}

/** Records one sample tagged like k6 tags it where the script is now, plus `tags`. */
export function emit(metric: string, value: number, tags: Record<string, string> = {}): void {
  state.samples.push({
    metric,
    value,
    tags: { ...state.scenarioTags, group: groupTag(), ...tags },
  });
}
