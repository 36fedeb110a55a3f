/**
 * `latency.<operationId>`: with a budget set, the slowest request the run made to an operation must
 * finish within it. Judged after every other check, from all exchanges of the run.
 */
import { type Check, classOf, fail, pass, skip } from "../check.js";
import type { Contract } from "../contract.js";
import type { Exchange } from "../http-probe.js";

export function latencyChecks(
  contract: Contract,
  budgetMs: number,
  exchanges: readonly { exchange: Exchange; operationId?: string }[],
  unavailable: ReadonlyMap<string, string>,
): Check[] {
  return contract.operations.map((op) => ({
    id: `latency.${op.operationId}`,
    class: classOf(op),
    kind: "latency",
    title: `${op.operationId} answers within ${budgetMs} ms`,
    operationId: op.operationId,
    run: async () => {
      const own = exchanges.filter((e) => e.operationId === op.operationId && e.exchange.status !== 0);
      if (own.length === 0)
        return skip(unavailable.get(op.operationId) ?? "no request reached this operation");
      const slowest = own.reduce((a, b) => (b.exchange.durationMs > a.exchange.durationMs ? b : a));
      const ms = Math.round(slowest.exchange.durationMs);
      if (ms > budgetMs)
        return fail(`${ms} ms > ${budgetMs} ms budget: ${slowest.exchange.method} ${slowest.exchange.url}`);
      return pass(`slowest of ${own.length}: ${ms} ms`);
    },
  }));
}
