/**
 * What a handler is given, end to end over HTTP but without a database: the listener and operation
 * router in front of handlers that record their input. Handlers see the request only as the
 * contract's input (path decoded, query as wire text, body validated with its defaults) and never
 * run on a request their operation's schema refuses.
 */
import { describe, expect, it } from "vitest";
import { serveListener } from "../_test/listener-server.js";
import type { HandlerContext, OperationHandlers } from "../api/operation.js";
import { loadSpecDocument } from "../spec-document.js";
import { createOperationRouter } from "./operations.js";

const seen: { id: string; input: unknown; ctx: HandlerContext }[] = [];
const handlers: OperationHandlers = {
  listTxsByAccount: (input, ctx) => {
    seen.push({ id: "listTxsByAccount", input, ctx });
    return { txs: [], pagination: { next_key: null, previous_key: null, total: "0" } };
  },
  trackTx: (input, ctx) => {
    seen.push({ id: "trackTx", input, ctx });
    return { tx_hash: input.body.tx_hash, explorer_link: "" };
  },
};

const base = serveListener(() => ({
  operations: createOperationRouter(loadSpecDocument(), handlers),
}));

const ACCOUNT = "init1qyqszqgpqyqszqgpqyqszqgpqyqszqgp6ncm3f";

describe("a handler's input", () => {
  it("is the decoded path, the query as sent (repeats as arrays) and the request id", async () => {
    seen.length = 0;
    const res = await fetch(
      `${base()}/indexer/tx/v1/txs/by_account/${encodeURIComponent(ACCOUNT)}?msgs=a&msgs=b&pagination.limit=007&is_signer=true&unknown=x`,
      { headers: { "x-request-id": "req-42" } },
    );
    expect(res.status).toBe(200);
    expect(seen).toEqual([
      {
        id: "listTxsByAccount",
        input: {
          path: { account: ACCOUNT },
          // Text as sent: parsing `007` is the handler's job (the contract's rules, not ajv's).
          query: { msgs: ["a", "b"], "pagination.limit": "007", is_signer: "true", unknown: "x" },
          body: undefined,
        },
        ctx: expect.objectContaining({ requestId: "req-42" }),
      },
    ]);
  });

  it("is the JSON body, validated and with the schema's defaults filled in", async () => {
    seen.length = 0;
    const body = { tx_hash: "AB".repeat(32), chain_id: "initiation-2" };
    const res = await fetch(`${base()}/v2/tx/track`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(seen.map((s) => s.input)).toEqual([{ path: {}, query: {}, body }]);
  });

  it.each([
    ["a query value the schema refuses", "GET", "?pagination.limit=0", undefined, 400],
    ["a body the schema refuses", "POST", "", JSON.stringify({ tx_hash: 5 }), 400],
    ["a body that is not JSON", "POST", "", "{", 400],
    ["a body over the limit", "POST", "", JSON.stringify({ tx_hash: "x".repeat(2048) }), 413],
  ])("never reaches the handler for %s", async (_name, method, query, body, status) => {
    seen.length = 0;
    const path = method === "GET" ? `/indexer/tx/v1/txs/by_account/${ACCOUNT}` : "/v2/tx/track";
    const res = await fetch(`${base()}${path}${query}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
    expect(seen).toEqual([]);
  });
});
