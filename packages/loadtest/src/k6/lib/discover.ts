/** Discovery inside k6 scripts, over k6's synchronous http (see discover-core.ts). */
import http from "k6/http";
import { BASE_URL } from "./config.js";
import { type Discovered, discoverWith, type GetJson } from "./discover-core.js";

export type { Discovered } from "./discover-core.js";

// k6 counts setup()'s requests in http_req_failed like any other: an optional probe's 404 is
// declared expected so that a deployment without the feature does not cross the error threshold.
const PROBE_STATUSES = http.expectedStatuses(200, 404);

const k6GetJson: GetJson = <T>(url: string, probe?: { optional: boolean }) => {
  const res = http.get(url, {
    tags: { name: "discover" },
    ...(probe?.optional ? { responseCallback: PROBE_STATUSES } : {}),
  });
  if (res.status !== 200) return undefined;
  try {
    return res.json() as T;
  } catch {
    return undefined;
  }
};

/**
 * Discovers the test data, and throws (k6 then exits 107 before any iteration) when the deployment
 * has none of what the item requests need: their thresholds would otherwise judge no samples.
 */
export function discover(): Discovered {
  const data = discoverWith(k6GetJson, BASE_URL, __ENV);
  const missing = [data.heights.length === 0 ? "blocks" : "", data.txHashes.length === 0 ? "txs" : ""].filter(
    Boolean,
  );
  if (missing.length > 0)
    throw new Error(
      `discovery found no ${missing.join(" and ")} at ${BASE_URL}: index some history before load-testing it`,
    );
  return data;
}
