import { describe, expect, it } from "vitest";
import { HttpStatusError, NotJsonError, UnreachableError } from "../chain/http-json.js";
import { JsonRpcError } from "../chain/json-rpc-error.js";
import { DatabaseUnavailableError } from "../db/unavailable.js";
import {
  BlockError,
  ChainMismatchError,
  classifyIngestFailure,
  DeriveError,
  WriterLockLostError,
} from "./ingest-failure.js";

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("classifyIngestFailure", () => {
  it("names the database's outages as `database`, retryable", () => {
    for (const err of [
      pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("08006", "connection failure"),
      new Error("Connection terminated unexpectedly"),
      new Error("Query read timeout"),
      new Error("timeout exceeded when trying to connect"),
      new WriterLockLostError(new Error("the lock connection ended")),
      new DatabaseUnavailableError({ cause: "connection refused [ECONNREFUSED]", connectionLost: true }),
    ]) {
      expect(classifyIngestFailure(new BlockError(7n, "write", err))).toEqual({
        kind: "database",
        deterministic: false,
        fatal: false,
        message: err.message,
        height: 7n,
      });
    }
  });

  it("retries a node's timeouts, 5xx and lost connections as `node`, naming the path", () => {
    const url = "http://node:26657/block?height=9";
    expect(classifyIngestFailure(new BlockError(9n, "fetch", new HttpStatusError(503, url, "busy")))).toEqual(
      {
        kind: "node",
        deterministic: false,
        fatal: false,
        message: "HTTP 503 from http://node:26657/block?height=9: busy",
        height: 9n,
        endpoint: "/block?height=9",
      },
    );
    const refused = new UnreachableError(url, "connection refused (ECONNREFUSED)");
    expect(classifyIngestFailure(refused)).toMatchObject({ kind: "node", endpoint: "/block?height=9" });
    const late = new DOMException(`no answer from ${url} within 10 ms`, "TimeoutError");
    expect(classifyIngestFailure(late)).toMatchObject({ kind: "node", deterministic: false });
    // The node does not have the block yet (its EVM indexer lags): it will.
    expect(classifyIngestFailure(new JsonRpcError("eth_getBlockReceipts", 0, "no result"))).toMatchObject({
      kind: "node",
      deterministic: false,
      endpoint: "eth_getBlockReceipts",
    });
  });

  it("names what the node refuses for good as `node_rejected`, with the method or path and the height", () => {
    const missing = new JsonRpcError("debug_traceBlockByNumber", -32601, "the method does not exist");
    expect(classifyIngestFailure(new BlockError(12n, "fetch", missing))).toEqual({
      kind: "node_rejected",
      deterministic: true,
      fatal: false,
      message: "JSON-RPC debug_traceBlockByNumber: -32601 the method does not exist",
      height: 12n,
      endpoint: "debug_traceBlockByNumber",
    });
    const url = "http://node:1317/cosmos/tx/v1beta1/txs/block/12?pagination.limit=100";
    expect(classifyIngestFailure(new HttpStatusError(404, url, "Not Implemented"))).toMatchObject({
      kind: "node_rejected",
      deterministic: true,
      endpoint: "/cosmos/tx/v1beta1/txs/block/12?pagination.limit=100",
    });
    expect(classifyIngestFailure(new NotJsonError(url, "text/html", "<html>"))).toMatchObject({
      kind: "node_rejected",
      deterministic: true,
    });
  });

  it("tells a derive error, a chain mismatch (fatal) and anything else apart", () => {
    const derive = new DeriveError(4n, new Error("not an RFC 3339 time"));
    expect(classifyIngestFailure(new BlockError(4n, "fetch", derive))).toEqual({
      kind: "derive",
      deterministic: true,
      fatal: false,
      message: "deriving block 4: not an RFC 3339 time",
      height: 4n,
    });
    expect(classifyIngestFailure(new ChainMismatchError(3n, "AA", "BB"))).toMatchObject({
      kind: "mismatch",
      fatal: true,
      height: 3n,
    });
    expect(classifyIngestFailure(pgError("23505", "duplicate key value"))).toMatchObject({
      kind: "other",
      deterministic: true,
      fatal: false,
    });
  });
});
