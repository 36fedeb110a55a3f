import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.js";
import { loadSpecDocument } from "../spec-document.js";
import { compileOperationValidators, type RequestParts } from "./operation-validators.js";

const validators = compileOperationValidators(loadSpecDocument());

function request(parts: {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  type?: string;
}): RequestParts {
  return { path: parts.params ?? {}, query: parts.query ?? {}, body: parts.body, contentType: parts.type };
}

/** The error a request raises, as the client sees it. */
function rejection(operationId: string, req: RequestParts) {
  try {
    validators.get(operationId)?.request(req);
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, ...err.toBody() };
    throw err;
  }
  return undefined;
}

describe("operation validators compiled from the spec", () => {
  it("has one for every operation of the document", () => {
    const spec = loadSpecDocument();
    const ids = Object.values(spec.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op as { operationId?: string }).operationId ?? []),
    );
    expect([...validators.keys()].sort()).toEqual(ids.sort());
  });

  it("accepts query strings coerced to the schema's types and leaves the request as it came", () => {
    const query = {
      "pagination.limit": "10",
      "pagination.reverse": "false",
      msgs: "/cosmos.bank.v1beta1.MsgSend",
    };
    const req = request({ params: { account: "init1abc" }, query });
    expect(rejection("listTxsByAccount", req)).toBeUndefined();
    expect(req.query).toEqual(query);
  });

  it("names the query parameter, path parameter and body field that is wrong", () => {
    // The spec's x-weft-error words a parameter's 400 whichever of its rules fails.
    expect(rejection("listBlocks", request({ query: { "pagination.limit": "1001" } }))).toEqual({
      status: 400,
      code: 3,
      message: "invalid pagination.limit: must be an integer from 1 to 1000",
      details: [{ field: "query.pagination.limit", description: "must be an integer from 1 to 1000" }],
    });
    expect(rejection("listTxs", request({ query: { msgs: ["ok", "not ok!"] } }))).toMatchObject({
      status: 400,
      details: [{ field: "query.msgs.1", description: 'must match pattern "^[A-Za-z0-9_./,-]+$"' }],
    });
    expect(rejection("getBlock", request({ params: { height: "x" } }))).toMatchObject({
      status: 400,
      message: "invalid height: must be a positive integer",
      details: [{ field: "path.height", description: "must be a positive integer" }],
    });
    expect(rejection("getTxStatus", request({ query: { tx_hash: "ab".repeat(32) } }))).toEqual({
      status: 400,
      code: 3,
      message: "invalid chain_id: must have required property 'chain_id'",
      details: [{ field: "query.chain_id", description: "must have required property 'chain_id'" }],
    });
    expect(rejection("trackTx", request({ body: { tx_hash: 5 }, type: "application/json" }))).toMatchObject({
      status: 400,
      details: [{ field: expect.stringMatching(/^body\./) }],
    });
  });

  it("words a rule the schema states but cannot word (x-weft-error): exactly one of the route amounts", () => {
    const base = {
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: "uinit",
    };
    const worded = {
      status: 400,
      code: 3,
      message: "give exactly one of amount_in and amount_out",
      details: [
        { field: "body.amount_in", description: "exactly one of amount_in and amount_out is required" },
      ],
    };
    const type = "application/json";
    expect(rejection("getRoute", request({ body: { ...base }, type }))).toEqual(worded);
    expect(
      rejection("getRoute", request({ body: { ...base, amount_in: "1", amount_out: "1" }, type })),
    ).toEqual(worded);
    expect(rejection("getRoute", request({ body: { ...base, amount_out: "1" }, type }))).toBeUndefined();
    // Elsewhere the schema's own words stay: the field and what is wrong with it.
    expect(rejection("getRoute", request({ body: { ...base, amount_in: 1 }, type }))?.details).toEqual([
      { field: "body.amount_in", description: "must be string" },
    ]);
  });

  it("refuses a NUL byte or a lone surrogate in any declared string, naming it, before any schema", () => {
    const refusal = (field: string) => ({
      status: 400,
      code: 3,
      message: `invalid ${field.replace(/^\w+\./, "")}: must be valid text: no NUL byte or unpaired surrogate`,
      details: [{ field, description: "must be valid text: no NUL byte or unpaired surrogate" }],
    });
    const collection = `0x${"ab".repeat(20)}`;
    expect(
      rejection("listNftTxs", request({ params: { collection_addr: collection, token_id: "a\u0000" } })),
    ).toEqual(refusal("path.token_id"));
    expect(rejection("listRichList", request({ params: { denom: "\u0000" } }))).toEqual(
      refusal("path.denom"),
    );
    expect(
      rejection("getTxStatus", request({ query: { tx_hash: "ab".repeat(32), chain_id: "x\u0000" } })),
    ).toEqual(refusal("query.chain_id"));
    expect(rejection("listTxs", request({ query: { msgs: ["ok", "\ud800"] } }))).toEqual(
      refusal("query.msgs.1"),
    );
    expect(
      rejection(
        "trackTx",
        request({ body: { tx_hash: "ab", chain_id: "\u0000" }, type: "application/json" }),
      ),
    ).toEqual(refusal("body.chain_id"));
    // Parameters the operation does not declare are never read, so never refused.
    expect(rejection("listBlocks", request({ query: { other: "\u0000" } }))).toBeUndefined();
  });

  it("answers a body that is not JSON with 415 saying which Content-Type to send", () => {
    expect(rejection("trackTx", request({ type: "text/plain" }))).toEqual({
      status: 415,
      code: 3,
      message: "unsupported media type: send the body as JSON with Content-Type: application/json",
      details: [{ field: "body", description: 'Content-Type "text/plain" is not JSON' }],
    });
  });

  it("checks a 200 body against the documented response exactly, without coercing it", () => {
    const status = validators.get("getAvgBlockTime");
    expect(status?.response({ avg_block_time: 1.5 })).toBeUndefined();
    expect(status?.response({ avg_block_time: "1.5" })).toBe("response/avg_block_time must be number");
  });
});
