/**
 * `contract.<operationId>`: every documented operation is reachable with discovered inputs, answers a
 * documented status with a documented content type, and its body validates against the schema.
 * These checks run first: what they find unavailable (501, EVM routes on a non-EVM chain, service
 * endpoints a reference deployment does not have) turns the dependent checks into skips.
 */

import {
  type Check,
  type CheckContext,
  classOf,
  describe,
  errorMessage,
  fail,
  NO_ROUTER_URL,
  pass,
  probeFor,
  skip,
} from "../check.js";
import type { Contract, ContractOperation } from "../contract.js";
import { fillPath } from "../operation-params.js";
import type { Outcome } from "../types.js";
import { isRecord } from "../wire.js";

/**
 * The error envelope's `code` for an HTTP status: the gRPC code of the contract's table
 * (components/schemas/error.yaml); `undefined` for a non-error status.
 */
export function grpcCodesFor(status: number): number[] | undefined {
  if (status < 400) return undefined;
  const table: Record<number, number[]> = {
    404: [5],
    405: [12],
    413: [8],
    429: [8],
    501: [12],
    503: [14],
  };
  return table[status] ?? (status < 500 ? [3] : [2]);
}

/** Why an error body's `code` is not the contract's code for its status; undefined when it is. */
export function errorCodeProblem(res: { status: number; json: unknown }): string | undefined {
  const codes = grpcCodesFor(res.status);
  if (!codes || !isRecord(res.json) || !("code" in res.json)) return undefined;
  return codes.includes(res.json.code as number)
    ? undefined
    : `error code ${JSON.stringify(res.json.code)} is not the contract's ${codes.join(" or ")} for HTTP ${res.status}`;
}

/** Body, status and media-type conformance of one response; undefined when it conforms. */
export function responseProblem(
  ctx: CheckContext,
  op: ContractOperation,
  res: { status: number; mediaType: string; json: unknown; text: string },
): string | undefined {
  if (!ctx.validator.documents(op, res.status)) {
    return `status ${res.status} is not documented (documented: ${Object.keys(op.responses).join(", ")})`;
  }
  const media = ctx.validator.mediaTypes(op, res.status);
  if (media.length === 0) return undefined;
  if (!media.includes(res.mediaType)) {
    return `content-type ${res.mediaType || "(none)"} is not the documented ${media.join(" or ")}`;
  }
  if (res.mediaType !== "application/json") return undefined;
  if (res.json === undefined) return `body is not valid JSON: ${res.text.slice(0, 120)}`;
  const errors = ctx.validator.validate(op, res.status, res.mediaType, res.json);
  if (errors.length > 0) return `body does not match the ${res.status} schema: ${errors.join("; ")}`;
  return ctx.profile === "strict" ? errorCodeProblem(res) : undefined;
}

async function runContract(ctx: CheckContext, op: ContractOperation): Promise<Outcome> {
  const { path, placeholders } = fillPath(op, ctx.discovery);
  const probe = probeFor(ctx, op);
  if (!probe) return skip(NO_ROUTER_URL);
  // Operations with a body get the contract's own request example: its chains and assets need not
  // exist on this deployment, so like a placeholder it only has to answer a documented status.
  // Required query parameters discovery cannot fill (a tracked tx hash) get the contract's example.
  const query: Record<string, string> = {};
  for (const p of op.parameters.filter((x) => x.in === "query" && x.required)) {
    query[p.name] = String(p.example ?? "");
    placeholders.push(p.name);
  }
  const res = await probe.request(op.method.toUpperCase(), path, query, op.requestExample);
  if (op.requestExample !== undefined) placeholders.push("request body (the contract's example)");
  if (res.status === 0) return fail(`unreachable: ${describe(res)}`);
  if (res.status === 501) {
    const reason = `not implemented by this deployment (501: ${errorMessage(res)})`;
    ctx.unavailable.set(op.operationId, reason);
    return skip(reason);
  }
  if (ctx.profile === "reference" && res.status === 404 && op.tag === "Operations") {
    const reason = "service endpoint the reference indexer does not serve (404)";
    ctx.unavailable.set(op.operationId, reason);
    return skip(reason);
  }
  // The reference serves the Swagger 2.0 document swag generates, not an OpenAPI 3 one: in the
  // reference profile a Swagger 2.0 document with paths is its answer (its operations are checked
  // one by one by the other checks, not through the document).
  if (
    ctx.profile === "reference" &&
    op.operationId === "getSwaggerDoc" &&
    res.status === 200 &&
    isRecord(res.json) &&
    res.json.swagger === "2.0" &&
    isRecord(res.json.paths)
  )
    return pass(`Swagger 2.0 document with ${Object.keys(res.json.paths).length} paths (the reference's)`);
  const plainTextError =
    ctx.profile === "reference" && res.status >= 400 && res.mediaType !== "application/json";
  const problem = plainTextError
    ? ctx.validator.documents(op, res.status)
      ? undefined
      : `status ${res.status} is not documented`
    : responseProblem(ctx, op, res);
  if (problem) return fail(problem);
  // A documented 404 on an EVM route with nothing EVM discovered: the chain has no EVM routes.
  if (classOf(op) === "evm" && res.status === 404 && !ctx.discovery.evm) {
    const reason = `no EVM routes on this chain (404: ${errorMessage(res)})`;
    ctx.unavailable.set(op.operationId, reason);
    return skip(reason);
  }
  if (placeholders.length === 0 && (res.status < 200 || res.status > 299)) {
    return fail(`expected 2xx for data discovered on the deployment, got ${describe(res)}`);
  }
  if (placeholders.length > 0)
    return pass(`no ${placeholders.join(", ")} found; placeholder answered ${res.status}`);
  return pass();
}

export function contractChecks(contract: Contract): Check[] {
  return contract.operations.map((op) => ({
    id: `contract.${op.operationId}`,
    class: classOf(op),
    kind: "contract",
    title: `${op.method.toUpperCase()} ${op.path} answers a documented status, type and body`,
    operationId: op.operationId,
    run: (ctx) => runContract(ctx, op),
  }));
}
