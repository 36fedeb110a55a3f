// A k6 script for the shim's tests, shaped like the indexer mix: setup() probes an optional
// endpoint that answers 404, the iterations make good requests, and an error-rate threshold judges
// all of them. PROBE=expected declares the probe's 404 expected, as the fixed scripts do.
import { check } from "k6";
import http from "k6/http";

export const options = {
  scenarios:
    __ENV.PROFILE === "smoke"
      ? { smoke: { executor: "shared-iterations", vus: 1, iterations: 2 } }
      : { load: { executor: "constant-vus", vus: 50, duration: "1m" } },
  thresholds: {
    http_req_failed: ["rate<0.01"],
    "http_req_duration{name:item}": ["p(95)<10000"],
    ...(__ENV.GUARD ? { "http_reqs{name:item}": ["count>0"] } : {}),
  },
};

export function setup() {
  const params = __ENV.PROBE === "expected" ? { responseCallback: http.expectedStatuses(200, 404) } : {};
  const probe = http.get(`${__ENV.BASE_URL}/missing`, { tags: { name: "discover" }, ...params });
  return { items: __ENV.ITEMS === "none" ? 0 : 1, probed: probe.status };
}

export default function (data: { items: number }) {
  for (let i = 0; i < 40; i++) {
    const res = http.get(`${__ENV.BASE_URL}/list`, { tags: { name: "list" } });
    check(res, { "list: 200": (r) => r.status === 200 });
  }
  // Like the item scenarios of the mix: skipped when discovery found nothing.
  if (data.items > 0) http.get(`${__ENV.BASE_URL}/item`, { tags: { name: "item" } });
}
