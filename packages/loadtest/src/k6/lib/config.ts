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
