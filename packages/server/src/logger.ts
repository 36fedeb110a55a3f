import { type Logger, pino } from "pino";
import type { LogFormat, LogLevel } from "./config.js";
import { createLogSink, type LogSink } from "./log-sink.js";
import { createTerminalLog } from "./terminal-log.js";

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

/** Where log lines may go instead of stdout: a stream, which may say it is a terminal. */
export type LogDestination = { write(text: string): unknown; isTTY?: boolean };

/** `auto` is `pretty` on a terminal (the destination's, else stdout's) and `json` elsewhere. */
export function resolveLogFormat(format: LogFormat, destination?: LogDestination): "json" | "pretty" {
  if (format !== "auto") return format;
  return (destination ?? process.stdout).isTTY === true ? "pretty" : "json";
}

/**
 * Structured JSON logs on stdout: `{level, time, msg, ...fields}` with `service: "weft"`; on a
 * terminal (LOG_FORMAT=auto, the default, or pretty) the same lines read as text instead, the access
 * log and the head-following progress summed up (terminal-log.ts): JSON per request is for log
 * collectors, and on a terminal it buried everything else.
 *
 * Written asynchronously through log-sink.ts: a write to a pipe is synchronous in Node, and the
 * access log's line per request then cost a cache hit about a quarter of its throughput. Lines are
 * copied into bytes as they come and gathered for up to 10 ms per write; what is queued is written
 * when the process exits (a SIGKILL loses at most those 10 ms of lines); a reader of stdout that goes
 * away stops the logging, not the process (counted on /metrics: `weft_log_lines_dropped_total`).
 */
export function createLogger(
  level: LogLevel,
  options: {
    /** @default "auto" */
    format?: LogFormat;
    /** @default stdout */
    destination?: LogDestination;
  } = {},
): Logger {
  const destination = options.destination ?? stdout();
  const stream =
    resolveLogFormat(options.format ?? "auto", options.destination) === "pretty"
      ? createTerminalLog({ write: (text) => destination.write(text) })
      : destination;
  return pino({ level, base: { service: "weft" }, timestamp: isoTimeByMillisecond() }, stream);
}
