import { type Logger, pino } from "pino";
import type { LogLevel } from "./config.js";
import { createLogSink, type LogSink } from "./log-sink.js";

/**
 * The process's stdout writer, made on first use: one per process because stdout is (two writers
 * on one descriptor would interleave their partial writes), flushed when the process exits.
 */
let stdoutSink: LogSink | undefined;

function stdout(): LogSink {
  if (!stdoutSink) {
    const sink = createLogSink(1);
    process.once("exit", () => sink.flushSync());
    stdoutSink = sink;
  }
  return stdoutSink;
}

/**
 * How this process's log output fares, for /metrics: lines dropped (a reader gone or too slow), and
 * whether the output stopped for good. Zeros before anything was logged.
 */
export function stdoutLogHealth(): { dropped: number; stopped: boolean } {
  return { dropped: stdoutSink?.dropped ?? 0, stopped: stdoutSink?.broken !== undefined };
}

/**
 * pino's `isoTime` field, formatted once per millisecond: a busy server logs tens of lines in one,
 * and `toISOString` per line was a tenth of the access log's cost.
 */
function isoTimeByMillisecond(): () => string {
  let ms = Number.NaN;
  let field = "";
  return () => {
    const now = Date.now();
    if (now !== ms) {
      ms = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

/**
 * Structured JSON logs on stdout: `{level, time, msg, ...fields}` with `service: "weft"`.
 *
 * Written asynchronously through log-sink.ts: a write to a pipe is synchronous in Node, and the
 * access log's line per request then cost a cache hit about a quarter of its throughput. Lines are
 * copied into bytes as they come and gathered for up to 10 ms per write; what is queued is written
 * when the process exits (a SIGKILL loses at most those 10 ms of lines); a reader of stdout that goes
 * away stops the logging, not the process (counted on /metrics: `weft_log_lines_dropped_total`).
 */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, base: { service: "weft" }, timestamp: isoTimeByMillisecond() },
    destination ?? stdout(),
  );
}
