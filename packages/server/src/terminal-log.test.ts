import { afterEach, describe, expect, it, vi } from "vitest";
import { createTerminalLog, formatLine } from "./terminal-log.js";

const TIME = "2026-11-25T14:00:00.000Z";
/** The local wall clock of TIME, as the lines show it. */
const CLOCK = new Date(TIME).toTimeString().slice(0, 8);

function capture(summaryEveryMs = 30_000) {
  const out: string[] = [];
  const log = createTerminalLog({ write: (text) => out.push(text), summaryEveryMs });
  const json = (fields: Record<string, unknown>) =>
    log.write(`${JSON.stringify({ time: TIME, ...fields })}\n`);
  return { out, log, json };
}

const request = (status: number, url: string, responseTime: number) => ({
  level: status >= 500 ? 50 : 30,
  service: "weft",
  req: { id: "r1", method: "GET", url },
  res: { status },
  responseTime,
  msg: "request completed",
});

afterEach(() => vi.useRealTimers());

describe("a log line for a terminal", () => {
  it("is the time, the level, the message and the fields, without the service", () => {
    expect(
      formatLine({
        level: 40,
        time: TIME,
        service: "weft",
        msg: "cannot read",
        chain_id: "c-1",
        note: "two words",
      }),
    ).toBe(`${CLOCK} WARN  cannot read  chain_id=c-1 note="two words"\n`);
  });

  it("shows an error's stack under its line", () => {
    const err = { type: "Error", message: "boom", stack: "Error: boom\n    at x (y.js:1:1)" };
    expect(formatLine({ level: 50, time: TIME, msg: "ingestion stopped", err })).toBe(
      `${CLOCK} ERROR ingestion stopped\n  Error: boom\n      at x (y.js:1:1)\n`,
    );
  });
});

describe("the terminal log", () => {
  it("sums requests up instead of a line each, and keeps a 5xx as a line of its own", () => {
    const { out, log, json } = capture();
    json({ level: 30, msg: "weft is serving", url: "http://127.0.0.1:8080" });
    for (let i = 0; i < 50; i++) json(request(200, "/indexer/block/v1/blocks", 2));
    json(request(404, "/nope", 1));
    json(request(200, "/indexer/tx/v1/txs", 40));
    json(request(503, "/status", 3));
    expect(out).toEqual([
      `${CLOCK} INFO  weft is serving  url=http://127.0.0.1:8080\n`,
      `${CLOCK} ERROR request completed  req={"id":"r1","method":"GET","url":"/status"} res={"status":503} responseTime=3\n`,
    ]);
    log.summarize();
    expect(out[2]).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}last 30 s: 52 requests \(51 2xx, 1 4xx; slowest 40 ms GET \/indexer\/tx\/v1\/txs\)\n$/,
    );
    // Nothing new: no summary.
    log.summarize();
    expect(out).toHaveLength(3);
    log.close();
  });

  it("folds ingestion's progress while it follows the head, not while it catches up or when it caught up", () => {
    const { out, log, json } = capture();
    const progress = (height: number, lag: number) =>
      json({ level: 30, msg: "ingest progress", chain_id: "weft-devnet-1", height, head: height + lag, lag });
    progress(10, 190);
    progress(205, 0);
    progress(210, 0);
    progress(215, 0);
    expect(out).toEqual([
      `${CLOCK} INFO  ingest progress  chain_id=weft-devnet-1 height=10 head=200 lag=190\n`,
      // The first line at the head says it caught up.
      `${CLOCK} INFO  ingest progress  chain_id=weft-devnet-1 height=205 head=205 lag=0\n`,
    ]);
    log.summarize();
    expect(out[2]).toMatch(/INFO {2}last 30 s: ingest weft-devnet-1 at height 215, following the head\n$/);
    log.close();
  });

  it("writes the summary on its own every period", () => {
    vi.useFakeTimers();
    const { out, log, json } = capture(10_000);
    json(request(200, "/health", 0));
    vi.advanceTimersByTime(9_999);
    expect(out).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain("last 10 s: 1 request (1 2xx; slowest 0 ms GET /health)");
    log.close();
  });

  it("passes on what is not a JSON line as it came", () => {
    const { out, log } = capture();
    log.write("not json\n");
    expect(out).toEqual(["not json\n"]);
    log.close();
  });
});
