/**
 * Log lines for a person at a terminal (LOG_FORMAT=pretty, or `auto` on a TTY): each JSON line pino
 * writes becomes `12:34:56 INFO  message  key=value ...`. Two kinds of line arrive far too often to
 * read and are folded into one summary line per `summaryEveryMs` instead: the access log's line per
 * request (a short `weft dev` session wrote 40 000 of them, burying the banner), and ingestion's
 * progress while it follows the head (a line every 5 s saying "lag 0"). A 5xx, an aborted request
 * and progress while catching up stay lines of their own: those are what a person wants to see.
 *
 * Machines get JSON lines (logger.ts): this is only ever a view, so what it cannot parse it passes on
 * as it came.
 */
import { INGEST_PROGRESS_MSG } from "./ingest/progress.js";

/** How often requests and head-following progress are summed up into one line. */
export const SUMMARY_EVERY_MS = 30_000;

const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO ",
  40: "WARN ",
  50: "ERROR",
  60: "FATAL",
};

/** Fields every line has, which the pretty line shows in its own way or not at all. */
const SHOWN_APART = new Set(["level", "time", "msg", "service", "pid", "hostname", "err"]);

export interface TerminalLog {
  /** pino's destination contract: one JSON line, newline included. */
  write(line: string): boolean;
  /** Writes the summary of what was folded since the last one (nothing if nothing was). */
  summarize(): void;
  /** Stops the summary timer. */
  close(): void;
}

interface Line {
  level?: number;
  time?: string | number;
  msg?: string;
  err?: { message?: string; stack?: string };
  req?: { method?: string; url?: string };
  res?: { status?: number };
  responseTime?: number;
  [key: string]: unknown;
}

function clock(time: Line["time"]): string {
  const date = time === undefined ? new Date() : new Date(time);
  return Number.isNaN(date.getTime()) ? "--:--:--" : date.toTimeString().slice(0, 8);
}

function value(v: unknown): string {
  if (typeof v === "string") return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  return typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
}

/** The human form of one parsed line. */
export function formatLine(line: Line): string {
  const fields = Object.entries(line)
    .filter(([k]) => !SHOWN_APART.has(k))
    .map(([k, v]) => `${k}=${value(v)}`);
  const level = LEVELS[line.level ?? 30] ?? String(line.level);
  let text = `${clock(line.time)} ${level} ${line.msg ?? ""}${fields.length ? `  ${fields.join(" ")}` : ""}`;
  if (line.err) {
    // The stack's first line repeats the message.
    text += line.err.stack
      ? `\n  ${line.err.stack.replace(/\n/g, "\n  ")}`
      : `  err=${value(line.err.message)}`;
  }
  return `${text}\n`;
}

/** The numbers one summary line reports, reset after each. */
interface Window {
  requests: number;
  byClass: Map<string, number>;
  slowest: { ms: number; what: string } | undefined;
  progress: Line | undefined;
}

const emptyWindow = (): Window => ({
  requests: 0,
  byClass: new Map(),
  slowest: undefined,
  progress: undefined,
});

function summaryOf(w: Window, everyMs: number): string | undefined {
  const parts: string[] = [];
  if (w.requests > 0) {
    const classes = [...w.byClass].sort().map(([c, n]) => `${n} ${c}`);
    const slowest = w.slowest ? `; slowest ${w.slowest.ms} ms ${w.slowest.what}` : "";
    parts.push(`${w.requests} request${w.requests === 1 ? "" : "s"} (${classes.join(", ")}${slowest})`);
  }
  const p = w.progress;
  if (p) parts.push(`ingest ${value(p.chain_id)} at height ${value(p.height)}, following the head`);
  if (parts.length === 0) return undefined;
  return `${clock(undefined)} INFO  last ${Math.round(everyMs / 1000)} s: ${parts.join("; ")}\n`;
}

/** A request's access-log line (http/request-log.ts) that a summary may stand for. */
function isFoldedRequest(line: Line): boolean {
  return line.msg === "request completed" && (line.res?.status ?? 500) < 500;
}

export function createTerminalLog(options: {
  /** Where the human lines go. */
  write: (text: string) => unknown;
  /** @default SUMMARY_EVERY_MS */
  summaryEveryMs?: number;
}): TerminalLog {
  const everyMs = options.summaryEveryMs ?? SUMMARY_EVERY_MS;
  let window = emptyWindow();
  /**
   * Ingestion's last progress line had lag 0: "lag 0" every 5 s says nothing new, so only the
   * first such line after a catch-up is shown (it says ingestion caught up) and the rest folded.
   */
  let followingHead = false;
  const isFoldedProgress = (line: Line): boolean => {
    if (line.msg !== INGEST_PROGRESS_MSG) return false;
    const folded = followingHead && line.lag === 0;
    followingHead = line.lag === 0;
    return folded;
  };
  const summarize = () => {
    const text = summaryOf(window, everyMs);
    window = emptyWindow();
    if (text) options.write(text);
  };
  // Unref'd: a summary still due never keeps the process alive.
  const timer = setInterval(summarize, everyMs).unref();
  return {
    write(raw) {
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        options.write(raw);
        return true;
      }
      if (isFoldedRequest(line)) {
        window.requests++;
        const statusClass = `${String(line.res?.status ?? 0)[0]}xx`;
        window.byClass.set(statusClass, (window.byClass.get(statusClass) ?? 0) + 1);
        const ms = line.responseTime ?? 0;
        if (!window.slowest || ms > window.slowest.ms)
          window.slowest = { ms, what: `${line.req?.method ?? ""} ${line.req?.url ?? ""}` };
      } else if (isFoldedProgress(line)) window.progress = line;
      else options.write(formatLine(line));
      return true;
    },
    summarize,
    close: () => clearInterval(timer),
  };
}
