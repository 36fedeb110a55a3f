/**
 * Binds handlers to the contract's operations. Handlers are looked up by operationId and registered
 * in spec order with paths taken from the spec itself, so a route can never drift from its path.
 * A documented operation without a handler answers 501 (not a misleading 404) until it is built.
 */
import type { Express, Request, RequestHandler, Response } from "express";
import type { operations } from "@weft/spec/types";
import { ApiError } from "./errors.js";
import type { ResponseCache } from "./response-cache.js";

export type OperationId = keyof operations;

type JsonContent<R> = R extends { content: { "application/json": infer B } } ? B : never;
/** The JSON body of an operation's 200 response, as the spec defines it. */
export type SuccessBody<Id extends OperationId> = operations[Id] extends { responses: { 200: infer R } }
  ? JsonContent<R>
  : never;

/** Already-serialised JSON, written as is (stored documents are served without a parse/stringify). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type OperationHandler<Id extends OperationId> = (
  req: Request,
  res: Response,
) => Promise<SuccessBody<Id> | RawJson> | SuccessBody<Id> | RawJson;

export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };

const METHODS = ["get", "post", "put", "delete", "patch"] as const;

/** `/blocks/{height}` -> `/blocks/:height` */
export const toExpressPath = (template: string): string => template.replace(/\{([^}]+)\}/g, ":$1");

export interface CachePolicy {
  cache: ResponseCache;
  /** TTL for an operation's successful responses; 0 or undefined = never cached. */
  ttlMs(operationId: OperationId): number | undefined;
}

function wrap(
  operationId: OperationId,
  handler: OperationHandler<OperationId>,
  policy: CachePolicy | undefined,
  validateResponses: boolean,
): RequestHandler {
  const ttlMs = policy?.ttlMs(operationId) ?? 0;
  return async (req, res) => {
    const key = ttlMs > 0 && req.method === "GET" ? req.originalUrl : undefined;
    if (key !== undefined) {
      const hit = policy?.cache.get(key);
      if (hit !== undefined) {
        res.setHeader("X-Cache", "hit");
        res.type("application/json").send(hit);
        return;
      }
      res.setHeader("X-Cache", "miss");
    }
    const body = await handler(req, res);
    if (res.headersSent) return;
    const text = body instanceof RawJson ? body.text : JSON.stringify(body);
    if (key !== undefined && res.statusCode === 200) policy?.cache.set(key, text, ttlMs);
    // The response validator (tests, CI) inspects what goes through res.json, so give it the value.
    if (validateResponses) res.json(body instanceof RawJson ? JSON.parse(text) : body);
    else res.type("application/json").send(text);
  };
}

/**
 * Registers every operation of `spec` that has a handler, in document order. `servedAbove` names
 * operations mounted before the request validator (plain-text or static responses).
 * @returns the operationIds that have no handler (answered 501).
 */
export function registerOperations(
  app: Express,
  spec: { paths: Record<string, Record<string, unknown>> },
  handlers: OperationHandlers,
  options: { servedAbove?: string[]; cache?: CachePolicy; validateResponses?: boolean } = {},
): string[] {
  const missing: string[] = [];
  const servedAbove = new Set(options.servedAbove ?? []);
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method] as { operationId?: string } | undefined;
      if (!op?.operationId || servedAbove.has(op.operationId)) continue;
      const handler = handlers[op.operationId as OperationId] as OperationHandler<OperationId> | undefined;
      const path = toExpressPath(template);
      if (handler) {
        app[method](
          path,
          wrap(op.operationId as OperationId, handler, options.cache, options.validateResponses ?? false),
        );
      } else {
        missing.push(op.operationId);
        app[method](path, () => {
          throw new ApiError(501, `${op.operationId} is documented but not implemented by this server yet`);
        });
      }
    }
  }
  return missing;
}
