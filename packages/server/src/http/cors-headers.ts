/**
 * The CORS headers of a simple (non-preflight) request under CORS_ORIGINS, decided once per
 * listener: every answer of the deployment, the API's and those of the chains' mount, sends the same.
 */
import type { ServerResponse } from "node:http";

/**
 * The headers for a request from `origin`, as name/value pairs flattened into one list: the same
 * list for every request when any origin is allowed (nothing to build per request).
 */
export function corsHeaders(origins: readonly string[]): (origin: string | undefined) => string[] {
  const expose = ["Access-Control-Expose-Headers", "x-request-id"];
  if (origins.length === 0) return () => [];
  if (origins.includes("*")) {
    const any = ["Access-Control-Allow-Origin", "*", ...expose];
    return () => any;
  }
  const none = ["Vary", "Origin", ...expose];
  return (origin) =>
    origin && origins.includes(origin) ? ["Access-Control-Allow-Origin", origin, ...none] : none;
}

/** Sets the pairs of a `corsHeaders` list on `res`. */
export function setHeaderPairs(res: ServerResponse, pairs: readonly string[]): void {
  for (let i = 0; i < pairs.length; i += 2) res.setHeader(pairs[i] as string, pairs[i + 1] as string);
}
