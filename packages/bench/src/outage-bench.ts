#!/usr/bin/env node
/**
 * Database outage benchmark: the scenario of the server's reliability/database-outage.e2e.test.ts (`weft serve` under
 * a steady load and `weft ingest` following a growing devnet, both on Postgres through a fault proxy
 * that refuses connections for 10 s, then black-holes them for 10 s) run once, its numbers printed as
 * a table: requests, 2xx, 503 and anything else per phase, latencies of the requests started in
 * each phase, seconds until the API answered 200 and ingestion committed again after each outage.
 *
 *   node packages/bench/dist/outage-bench.js [--connect-timeout-ms 2000] [--query-timeout-ms 5000]
 *     [--outage-seconds 10] [--loops 4] [--json FILE]
 */
import { type Database, openDatabase, runIngest } from "@weft/server";
import { SERVER_CLI_PATH } from "@weft/server/internal";
import { DEFAULT_ADMIN_URL } from "@weft/testkit/bench-database";
import { runOutageScenario } from "@weft/testkit/outage-scenario";
import { formatSummary, summarizePhases } from "@weft/testkit/outage-summary";
import { sampleStats } from "@weft/testkit/request-load";
import { type Logger, pino } from "pino";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, writeBenchJson } from "./bench-json.js";

/** After an outage, errors of the requests the breaker had not yet let through are expected. */
const AFTER_OUTAGE_MS = 5_000;

const values = parseBenchArgs(
  "usage: outage-bench [--connect-timeout-ms 2000] [--query-timeout-ms 5000] [--outage-seconds 10] [--loops 4] [--admin-url URL] [--json FILE]\n" +
    "weft serve and weft ingest through a Postgres that refuses, then black-holes, connections.",
  {
    // The settings' defaults (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS).
    "connect-timeout-ms": { type: "string", default: "2000" },
    "query-timeout-ms": { type: "string", default: "5000" },
    "outage-seconds": { type: "string", default: "10" },
    loops: { type: "string", default: "4" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    ...JSON_OPTION,
  },
);

const connectTimeoutMs = Number(values["connect-timeout-ms"]);
const queryTimeoutMs = Number(values["query-timeout-ms"]);
const result = await runOutageScenario<Database, Logger>({
  cliPath: SERVER_CLI_PATH,
  server: { openDatabase, runIngest, silent: pino({ level: "silent" }) },
  adminUrl: values["admin-url"],
  connectTimeoutMs,
  queryTimeoutMs,
  outageMs: Number(values["outage-seconds"]) * 1000,
  loops: Number(values.loops),
  log: (line) => process.stderr.write(`${line}\n`),
});
const all = sampleStats(result.samples);
// Errors while the database was up (the first seconds after each outage aside) are worth a look.
const healthy = (ms: number) =>
  result.outages.every((o) => ms < o.startMs || ms > o.endMs + AFTER_OUTAGE_MS) && ms > 0;
const outsideOutages = result.samples.filter(
  (s) => s.status !== 200 && healthy(s.startMs) && healthy(s.endMs),
);
const serverErrors = result.samples.filter((s) => s.status >= 500 && s.status !== 503).length;
const tablesEqual = JSON.stringify(result.faulty) === JSON.stringify(result.clean);
process.stdout.write(
  `database outages: connect timeout ${connectTimeoutMs} ms, query timeout ${queryTimeoutMs} ms, ` +
    `${values.loops} request loops, response cache off\n\n${formatSummary(result)}\n` +
    `5xx other than 503: ${serverErrors}; slowest request ${all.maxMs} ms; ` +
    `tables equal to a clean run: ${tablesEqual ? "yes" : "NO"}\n` +
    `errors while the database was up: ${outsideOutages.length}\n` +
    outsideOutages
      .slice(0, 10)
      .map(
        (s) =>
          `  at ${s.startMs} ms, ${s.endMs - s.startMs} ms, ${s.status} ${s.path}: ${JSON.stringify(s.body)}\n`,
      )
      .join(""),
);
writeBenchJson(
  values.json,
  "outage",
  {
    connectTimeoutMs,
    queryTimeoutMs,
    outageSeconds: Number(values["outage-seconds"]),
    loops: Number(values.loops),
  },
  {
    phases: summarizePhases(result),
    total: all,
    serverErrors,
    errorsWhileUp: outsideOutages.length,
    tablesEqual,
    reached: result.reached,
    target: result.target,
    ingestExited: result.ingestExited,
  },
);
