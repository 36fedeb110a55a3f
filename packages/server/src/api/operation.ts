/**
 * The contract between the API's operations and whatever serves them over HTTP. A handler is
 * looked up by the spec's operationId, receives the request's path parameters, query and body as
 * the spec names them, and returns the body of its 200 response as the spec types it:
 *
 *   const getBlock: OperationHandler<"getBlock"> = (input) => ...input.path.height...
 *
 * Nothing here knows about sockets or frameworks (http/ does), so indexer/, router/ and ops/ write
 * handlers against this module alone, and a test calls one with a plain object.
 */
import type { operations } from "@weft/spec/types";
import type { Logger } from "pino";

export type OperationId = keyof operations;

type JsonContent<R> = R extends { content: { "application/json": infer B } } ? B : never;
/** The JSON body of an operation's 200 response, as the spec defines it. */
export type SuccessBody<Id extends OperationId> = operations[Id] extends { responses: { 200: infer R } }
  ? JsonContent<R>
  : never;

/**
 * A parameter value as it arrives on the wire: the client's text (`"10"`, `"true"`), and for an
 * array parameter either one value or the repeated ones. Handlers parse the text themselves
 * because the contract's parsing is stricter than a schema's coercion (Go's strconv: `1e5` and
 * `0x10` are not integers, `t` is true); the request was validated against the schema already.
 */
type Wire<T> = NonNullable<T> extends readonly unknown[] ? string | string[] : string;

/**
 * An operation's parameters in one place (`path` or `query`), named as the spec names them, with
 * the spec's optionality. An operation without any has an empty object: reading a parameter it
 * does not declare does not compile.
 */
type WireParams<G> = [NonNullable<G>] extends [never]
  ? Record<never, never>
  : { [K in keyof NonNullable<G>]: Wire<NonNullable<G>[K]> };

type ParametersOf<Id extends OperationId> = operations[Id] extends { parameters: infer P } ? P : never;
type PathOf<Id extends OperationId> = WireParams<ParametersOf<Id> extends { path?: infer G } ? G : never>;
type QueryOf<Id extends OperationId> = WireParams<ParametersOf<Id> extends { query?: infer G } ? G : never>;
/** The JSON request body as the spec types it (validated, schema defaults filled in); none: undefined. */
type BodyOf<Id extends OperationId> = [NonNullable<operations[Id]["requestBody"]>] extends [never]
  ? undefined
  : NonNullable<operations[Id]["requestBody"]> extends { content: { "application/json": infer B } }
    ? B
    : undefined;

/** What a handler is given of a request: path parameters (decoded), query and body. */
export interface OperationInput<Id extends OperationId> {
  path: PathOf<Id>;
  query: QueryOf<Id>;
  body: BodyOf<Id>;
}

/** What a handler may use of the exchange besides its input. */
export interface HandlerContext {
  /** The request's id (the `x-request-id` the response carries), to correlate logs. */
  requestId: string;
  logger: Logger;
}

/** Already-serialised JSON, written as is (stored documents are served without a parse/stringify). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type OperationHandler<Id extends OperationId> = (
  input: OperationInput<Id>,
  ctx: HandlerContext,
) => Promise<SuccessBody<Id> | RawJson> | SuccessBody<Id> | RawJson;

export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };
