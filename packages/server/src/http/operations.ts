/**
 * Binds handlers to the contract's operations. Handlers are looked up by operationId and registered
 * in spec order with paths taken from the spec itself, so a route can never drift from its path.
 * A documented operation without a handler answers 501 (not a misleading 404) until it is built.
 */
import type { Express, Request, RequestHandler, Response } from "express";
import type { operations } from "@weft/spec/types";
import { ApiError } from "./errors.js";

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

function wrap(handler: OperationHandler<OperationId>): RequestHandler {
  return async (req, res) => {
    const body = await handler(req, res);
    if (res.headersSent) return;
    if (body instanceof RawJson) res.type("application/json").send(body.text);
    else res.json(body);
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
  options: { servedAbove?: string[] } = {},
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
        app[method](path, wrap(handler));
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
