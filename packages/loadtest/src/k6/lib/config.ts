/**
 * Settings of every k6 script, from the environment (`k6 run -e BASE_URL=... script.js`).
 */
export const BASE_URL = (__ENV.BASE_URL ?? "http://127.0.0.1:8080").replace(/\/+$/, "");
/** Router base URL; defaults to the indexer's (Weft serves both). */
export const ROUTER_URL = (__ENV.ROUTER_URL ?? BASE_URL).replace(/\/+$/, "");
/** `smoke` (1 VU, a few iterations), `load` (ramping VUs) or `soak` (steady for long). */
export const PROFILE = __ENV.PROFILE ?? "load";
/** Peak virtual users of the load profile. */
export const PEAK_VUS = Number(__ENV.PEAK_VUS ?? 50);
/**
 * Multiplies every latency threshold (1: the targets below). For runs on machines shared with other
 * work, such as CI's smoke, where a cold or starved request says nothing about the deployment.
 */
export const LATENCY_SCALE = Number(__ENV.LATENCY_SCALE ?? 1);
if (!(LATENCY_SCALE > 0))
  throw new Error(`LATENCY_SCALE must be a positive number, got ${__ENV.LATENCY_SCALE}`);
/** A latency threshold expression: `latency("p(95)", 200)` is `p(95)<200` at scale 1. */
export const latency = (stat: string, ms: number) => `${stat}<${ms * LATENCY_SCALE}`;
