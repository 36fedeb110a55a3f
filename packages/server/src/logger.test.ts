/**
 * What `weft dev` (and every command) writes for its logs: on a terminal, readable lines without the
 * access log's JSON line per request; anywhere else, JSON lines as log collectors read them.
 */
import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LogFormat } from "./config.js";
import { createRequestLog } from "./http/request-log.js";
import { createLogger, resolveLogFormat } from "./logger.js";

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, write: (text: string) => written.push(text) };
}

/** What a dev session logs: the serving line, requests, ingestion following the head. */
function session(format: LogFormat, isTTY: boolean) {
  const out = stream(isTTY);
  const logger = createLogger("info", { format, destination: out });
  logger.info({ url: "http://127.0.0.1:8080", database: "embedded" }, "weft is serving");
  const requestLog = createRequestLog(logger);
  for (let i = 0; i < 100; i++)
    requestLog({} as IncomingMessage, { id: `r${i}`, method: "GET", url: "/status", started: 0 }, 200, false);
  logger.info({ chain_id: "weft-devnet-1", height: 220, head: 220, lag: 0 }, "ingest progress");
  logger.info({ chain_id: "weft-devnet-1", height: 225, head: 225, lag: 0 }, "ingest progress");
  return out.written.join("").split("\n").filter(Boolean);
}

afterEach(() => vi.useRealTimers());

describe("the logger", () => {
  it("on a terminal writes readable lines, without a line per request or the head-following progress", () => {
    const lines = session("auto", true);
    expect(lines).toEqual([
      expect.stringMatching(
        /^\d\d:\d\d:\d\d INFO {2}weft is serving {2}url=http:\/\/127\.0\.0\.1:8080 database=embedded$/,
      ),
      expect.stringMatching(/INFO {2}ingest progress {2}chain_id=weft-devnet-1 height=220 head=220 lag=0$/),
    ]);
  });

  it("sums the requests up every 30 s on a terminal", () => {
    vi.useFakeTimers();
    const out = stream(true);
    const logger = createLogger("info", { destination: out });
    const requestLog = createRequestLog(logger);
    for (let i = 0; i < 3; i++)
      requestLog(
        {} as IncomingMessage,
        { id: `r${i}`, method: "GET", url: "/health", started: 0 },
        200,
        false,
      );
    expect(out.written).toEqual([]);
    vi.advanceTimersByTime(30_000);
    expect(out.written).toHaveLength(1);
    expect(out.written[0]).toMatch(/INFO {2}last 30 s: 3 requests \(3 2xx; slowest \d+ ms GET \/health\)\n$/);
  });

  it("elsewhere writes JSON lines as before, one per request", () => {
    const lines = session("auto", false);
    expect(lines).toHaveLength(103);
    const parsed = lines.map((l) => JSON.parse(l) as { msg: string; service: string });
    expect(parsed.filter((l) => l.msg === "request completed")).toHaveLength(100);
    expect(parsed[0]).toMatchObject({ level: 30, service: "weft", msg: "weft is serving" });
  });

  it("writes what LOG_FORMAT says whatever the stream is", () => {
    expect(session("json", true)).toHaveLength(103);
    expect(session("pretty", false)).toHaveLength(2);
    expect(resolveLogFormat("auto", { write: () => true, isTTY: true })).toBe("pretty");
    expect(resolveLogFormat("auto", { write: () => true })).toBe("json");
  });
});
