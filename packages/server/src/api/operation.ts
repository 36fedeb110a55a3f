/**
 * The contract between the API's operations and whatever serves them over HTTP: a handler is
 * looked up by the spec's operationId and returns the body of its 200 response as the spec types
 * it. Nothing here knows about sockets or frameworks (http/ does), so indexer/, router/ and ops/
 * write handlers against this module alone.
 */
import type { operations } from "@weft/spec/types";
import type { Request, Response } from "express";

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
