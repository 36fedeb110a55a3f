// A k6 script used to test the shim itself: real k6 APIs, checks that pass and one that fails.
import { check, group } from "k6";
import http from "k6/http";
import { Trend } from "k6/metrics";

const latency = new Trend("probe_latency");

export function setup() {
  const res = http.get(`${__ENV.BASE_URL}/seed`);
  return { seed: (res.json() as { seed: number }).seed };
}

export default function (data: { seed: number }) {
  group("probe", () => {
    const res = http.get(`${__ENV.BASE_URL}/echo?n=${data.seed}`, { headers: { "x-probe": "1" } });
    latency.add(res.timings.duration);
    check(res, {
      "status is 200": (r) => r.status === 200,
      "echoes the seed": (r) => (r.json() as { n: string }).n === String(data.seed),
      "sent the header": (r) => (r.json() as { probe: string }).probe === "1",
      "canonical header names": (r) => r.headers["Content-Type"]?.startsWith("application/json") === true,
      "this one fails": (r) => r.status === 418,
    });
  });
  const posted = http.post(`${__ENV.BASE_URL}/echo`, JSON.stringify({ a: 1 }), {
    headers: { "content-type": "application/json" },
  });
  check(posted, { "post body echoed": (r) => (r.json() as { body: string }).body === '{"a":1}' });
}
