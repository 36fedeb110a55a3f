import { type Logger, pino } from "pino";
import type { LogLevel } from "./config.js";

/** Structured JSON logs on stdout: `{level, time, msg, ...fields}` with `service: "weft"`. */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, base: { service: "weft" }, timestamp: pino.stdTimeFunctions.isoTime },
    destination ?? process.stdout,
  );
}
