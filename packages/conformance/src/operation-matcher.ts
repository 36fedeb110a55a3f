/**
 * Which documented operation a request URL hit, so exchanges can be attributed (latency per
 * operation, the report's endpoint matrix). Literal segments win over `{param}` segments, as in
 * routers: `/txs/by_height/5` is listTxsByHeight, not getTx.
 */
import type { Contract } from "./contract.js";

interface Route {
  operationId: string;
  method: string;
  pattern: RegExp;
  literals: number;
}

/** @param basePath the deployment's path prefix (from its base URL), stripped before matching. */
export function createOperationMatcher(
  contract: Contract,
  basePath = "",
): (method: string, url: string) => string | undefined {
  const routes: Route[] = contract.operations
    .map((op) => {
      const segments = op.path.split("/");
      const source = segments
        .map((s) => (/^\{[^}]+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
        .join("/");
      return {
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        pattern: new RegExp(`^${source}/?$`),
        literals: segments.filter((s) => !s.startsWith("{")).length,
      };
    })
    .sort((a, b) => b.literals - a.literals);
  return (method, url) => {
    const full = new URL(url).pathname;
    const path = basePath && full.startsWith(basePath) ? full.slice(basePath.length) : full;
    return routes.find((r) => r.method === method && r.pattern.test(path))?.operationId;
  };
}
