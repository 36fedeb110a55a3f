import type { IncomingMessage } from "node:http";
import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createRequestLog } from "./request-log.js";

/** A logger as the service makes it, with a fixed time so two lines can be compared byte for byte. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino(
    { level: "info", base: { service: "weft" }, timestamp: () => ',"time":"2026-11-25T14:00:00.000Z"' },
    stream,
  );
  return { logger, lines };
}

const flushed = () => new Promise((resolve) => setImmediate(resolve));
const req = {} as IncomingMessage;

describe("the access log line", () => {
  it("is byte-equal to the line pino writes for the same fields, tricky URLs included", async () => {
    for (const [url, status, aborted, method] of [
      ["/indexer/tx/v1/txs/ABCD", 200, false, "GET"],
      ['/x?q="quoted"\\back\u0001slash&é=ü', 404, false, "GET"],
      ["/indexer/block/v1/blocks", 503, true, "HEAD"],
    ] as const) {
      const mine = capture();
      const exchange = { id: "req-1.a:b", method, url, started: performance.now() - 3.4 };
      createRequestLog(mine.logger)(req, exchange, status, aborted);
      await flushed();
      const { responseTime } = JSON.parse(mine.lines[0] as string) as { responseTime: number };
      expect(responseTime).toBeGreaterThanOrEqual(3);
      const theirs = capture();
      const level = status >= 500 ? "error" : "info";
      theirs.logger[level](
        { req: { id: exchange.id, method, url }, res: { status }, responseTime },
        aborted ? "request aborted" : "request completed",
      );
      await flushed();
      expect(mine.lines).toEqual(theirs.lines);
      expect(JSON.parse(mine.lines[0] as string)).toMatchObject({ service: "weft", req: { url } });
    }
  });

  it("writes nothing below the logger's level", async () => {
    const { logger, lines } = capture();
    logger.level = "warn";
    const exchange = { id: "x", method: "GET", url: "/", started: performance.now() };
    createRequestLog(logger)(req, exchange, 200, false);
    createRequestLog(logger)(req, exchange, 500, false);
    await flushed();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 50, res: { status: 500 } });
  });
});
