/**
 * The handler contract's types. Most of this file is checked by the compiler, not at run time:
 * every `@ts-expect-error` marks a read that must NOT compile (a parameter the operation does not
 * declare, a body on a GET); if the types ever let one through, the directive is unused and
 * `pnpm typecheck` fails.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { HandlerContext, OperationHandler, OperationInput, SuccessBody } from "./operation.js";

const listTxs: OperationHandler<"listTxs"> = (input) => {
  // Declared query parameters, as the client's text.
  expectTypeOf(input.query["pagination.limit"]).toEqualTypeOf<string | undefined>();
  expectTypeOf(input.query.msgs).toEqualTypeOf<string | string[] | undefined>();
  // @ts-expect-error listTxs declares no `is_signer` (listTxsByAccount does).
  void input.query.is_signer;
  // @ts-expect-error listTxs has no path parameters.
  void input.path.height;
  return { txs: [], pagination: { next_key: null, previous_key: null, total: "0" } };
};

const getBlock: OperationHandler<"getBlock"> = (input) => {
  expectTypeOf(input.path.height).toEqualTypeOf<string>();
  expectTypeOf(input.body).toEqualTypeOf<undefined>();
  // @ts-expect-error getBlock declares no query parameters at all.
  void input.query["pagination.limit"];
  // @ts-expect-error the path parameter is `height`, not `block_height`.
  void input.path.block_height;
  throw new Error("not called");
};

const trackTx: OperationHandler<"trackTx"> = (input, ctx) => {
  // A JSON body as the spec types it, validated before the handler runs.
  expectTypeOf(input.body.tx_hash).toEqualTypeOf<string>();
  expectTypeOf(ctx).toEqualTypeOf<HandlerContext>();
  // @ts-expect-error trackTx's body has no `amount_in`.
  void input.body.amount_in;
  return { tx_hash: input.body.tx_hash, explorer_link: "" };
};

describe("the handler contract", () => {
  it("types inputs and outputs from the spec's operations", () => {
    expectTypeOf(listTxs).parameter(0).toEqualTypeOf<OperationInput<"listTxs">>();
    expectTypeOf(getBlock).returns.toMatchTypeOf<SuccessBody<"getBlock"> | Promise<unknown> | object>();
    // @ts-expect-error a handler must return its operation's 200 body, not another's.
    const wrong: OperationHandler<"getHealth"> = () => ({ txs: [] });
    void [trackTx, wrong];
  });
});
