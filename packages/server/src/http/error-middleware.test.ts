import type { IncomingMessage, ServerResponse } from "node:http";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "../db/unavailable.js";
import { toApiError } from "./error-middleware.js";

const req = { method: "GET", url: "/indexer/block/v1/blocks" } as IncomingMessage;
const res = {} as ServerResponse;

function capture() {
  const lines: { level: number; msg: string; quieted_since_last?: number }[] = [];
  return { lines, logger: pino({ level: "info" }, { write: (l: string) => lines.push(JSON.parse(l)) }) };
}

describe("toApiError on an unavailable database", () => {
  it.each([
    [
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      "the server is shutting down (admin shutdown) [57P01]",
    ],
    [new Error("Query read timeout"), "no answer within the query timeout"],
    [
      new DatabaseUnavailableError({ cause: "connection refused [ECONNREFUSED]", connectionLost: true }),
      "connection refused [ECONNREFUSED]",
    ],
  ])("%s is a 503 with Retry-After, never a 500", (err, cause) => {
    const { logger } = capture();
    const error = toApiError(err, logger, req, res);
    expect({ status: error.status, headers: error.headers, body: error.toBody() }).toEqual({
      status: 503,
      headers: { "Retry-After": "1" },
      body: {
        code: 14,
        message: `database unavailable: ${cause}; retry in 1 s`,
        details: [{ reason: "DATABASE_UNAVAILABLE", description: cause }],
      },
    });
  });

  it("logs an outage once per window at warn, not once per request; other errors stay 500s logged each", () => {
    const { lines, logger } = capture();
    for (let i = 0; i < 100; i++)
      toApiError(new Error("Connection terminated unexpectedly"), logger, req, res);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, "database unavailable: answering 503 (logged at most every 10 s)"],
    ]);
    const other = toApiError(new TypeError("x is undefined"), logger, req, res);
    expect([other.status, other.toBody(), lines.length, lines[1]?.level]).toEqual([
      500,
      { code: 2, message: "internal server error", details: [] },
      2,
      50,
    ]);
  });
});
