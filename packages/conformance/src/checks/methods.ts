/**
 * `method.<operationId>`: a method a documented path does not take is refused with 405 and an
 * `Allow` header naming the documented ones, in our error envelope (strict). The reference answers
 * unknown method/path pairs with 404 `Cannot POST ...`, which the reference profile accepts.
 * POST (or PUT, ...) is used, never DELETE first: a conformance run must not risk changing data.
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
import { fillPath } from "../operation-params.js";
import type { Outcome } from "../types.js";

const CANDIDATES = ["POST", "PUT", "PATCH", "DELETE"];

async function methodLaw(
  ctx: CheckContext,
  op: ContractOperation,
  documented: string[],
  method: string,
): Promise<Outcome> {
  const { path } = fillPath(op, ctx.discovery);
  const probe = probeFor(ctx, op);
  if (!probe) return skip(NO_ROUTER_URL);
  const res = await probe.request(method, path);
  if (ctx.profile === "reference") {
    return res.status === 405 || res.status === 404
      ? pass()
      : fail(`expected 405 or 404, got ${describe(res)}`);
  }
  if (res.status !== 405) return fail(`expected 405 for ${method}, got ${describe(res)}`);
  const allow = (res.headers.get("allow") ?? "").toUpperCase();
  const missing = documented.filter((m) => !allow.includes(m));
  if (missing.length > 0)
    return fail(`Allow header ${JSON.stringify(allow)} does not name ${missing.join(", ")}`);
  if (res.mediaType !== "application/json" || res.json === undefined)
    return fail(`405 body is not JSON: ${describe(res)}`);
  const errors = ctx.validator.validateSchema("#/components/schemas/error", res.json);
  return errors.length > 0 ? fail(`405 body is not the error envelope: ${errors.join("; ")}`) : pass();
}

export function methodChecks(contract: Contract): Check[] {
  const byPath = new Map<string, ContractOperation[]>();
  for (const op of contract.operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  return [...byPath.values()].flatMap((ops) => {
    const op = ops[0];
    if (!op) return [];
    const documented = ops.map((o) => o.method.toUpperCase());
    const method = CANDIDATES.find((m) => !documented.includes(m));
    if (!method) return [];
    return [
      {
        id: `method.${op.operationId}`,
        class: classOf(op),
        kind: "method",
        title: `${method} ${op.path} is refused with 405`,
        operationId: op.operationId,
        run: (ctx) => methodLaw(ctx, op, documented, method),
      } satisfies Check,
    ];
  });
}
