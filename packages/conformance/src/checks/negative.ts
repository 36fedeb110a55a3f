/**
 * `negative.<operationId>.<param>.<case>`: a bad input gets a 4xx, never a 5xx (nor a 2xx). In the
 * strict profile the 4xx must be documented and its body our error envelope `{code, message,
 * details}`; the reference profile accepts any 4xx body (the reference answers plain text) and a
 * 2xx where the reference silently falls back to a default.
 */
import {
  type Check,
  type CheckContext,
  classOf,
  describe,
  fail,
  NO_ROUTER_URL,
  pass,
  probeFor,
  skip,
} from "../check.js";
import type { Contract, ContractOperation } from "../contract.js";
import { type NegativeCase, negativeCases } from "../negative-inputs.js";
import { fillPath } from "../operation-params.js";
import type { Outcome } from "../types.js";
import { responseProblem } from "./contract.js";

async function runNegative(ctx: CheckContext, op: ContractOperation, c: NegativeCase): Promise<Outcome> {
  const inPath = c.param.in === "path";
  const { path } = fillPath(op, ctx.discovery, inPath ? { [c.param.name]: c.value } : {});
  const probe = probeFor(ctx, op);
  if (!probe) return skip(NO_ROUTER_URL);
  const res = await probe.request(op.method.toUpperCase(), path, inPath ? {} : { [c.param.name]: c.value });
  if (res.status === 0) return fail(`no response: ${describe(res)}`);
  if (res.status >= 500) return fail(`server error on bad input: ${describe(res)}`);
  if (res.status < 400) {
    if (ctx.profile === "reference" && c.referenceTolerates)
      return pass(`accepted (${res.status}) like the reference`);
    return fail(`expected a 4xx for ${c.param.name}=${JSON.stringify(c.value)}, got ${describe(res)}`);
  }
  if (ctx.profile === "reference") return pass();
  const problem = responseProblem(ctx, op, res);
  return problem ? fail(problem) : pass();
}

export function negativeChecks(contract: Contract): Check[] {
  return contract.operations.flatMap((op) =>
    negativeCases(op).map(
      (c): Check => ({
        id: `negative.${op.operationId}.${c.param.name}.${c.name}`,
        class: classOf(op),
        kind: "negative",
        title: `${op.operationId} rejects ${c.param.name}=${JSON.stringify(c.value)} (${c.name}) with a 4xx`,
        operationId: op.operationId,
        requires: [op.operationId],
        run: (ctx) => runNegative(ctx, op, c),
      }),
    ),
  );
}
