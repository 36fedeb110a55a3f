/**
 * The `weft-conformance` command line, as a function of argv and output streams so tests run it
 * in-process. Exit codes: 0 every check passed (skips allowed), 1 a check failed, 2 bad usage,
 * nothing answers at a URL given, or the indexer URL does not answer like an indexer. With
 * `--compare-url` (differential mode): 0 no difference outside the accepted ones, 1 differences, 2
 * likewise (either URL not answering like an indexer included).
 */
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { type AcceptedDifference, loadAcceptedDifferences } from "./accepted-differences.js";
import { DEFAULT_TRACK_TIMEOUT_MS } from "./checks/router-tracking.js";
import { notAnIndexer } from "./not-an-indexer.js";
import { type Reach, tcpReach, unreachable } from "./reachability.js";
import { formatDifferentialSummary, renderDifferentialReport } from "./report/differential.js";
import { formatProgress, formatSummary } from "./report/terminal.js";
import {
  parseReportTargets,
  type ReportTargets,
  writeRendered,
  writeReports,
} from "./report/write-reports.js";
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS, runConformance } from "./run-conformance.js";
import { runDifferential } from "./run-differential.js";
import { FEATURE_CLASSES, type FeatureClass, type Profile } from "./types.js";

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  color: boolean;
  fetch?: typeof fetch;
  /** Whether something answers at a URL. @default a TCP connection ({@link tcpReach}) */
  reach?: Reach;
}

interface CliOptions {
  indexerUrl: string;
  routerUrl?: string;
  compareUrl?: string;
  accept?: string;
  profile: Profile;
  only?: FeatureClass[];
  concurrency: number;
  timeout: number;
  latencyBudget?: number;
  report?: ReportTargets;
  progress: boolean;
  trackTx?: string;
  trackChainId?: string;
  trackTimeout: number;
}

const positiveInt = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return n;
};

const url = (value: string) => {
  try {
    return new URL(value).toString().replace(/\/+$/, "");
  } catch {
    throw new InvalidArgumentError(`not a URL: ${value}`);
  }
};

function buildProgram(io: CliIo): Command {
  return new Command("weft-conformance")
    .description("Check an Initia indexer (and router) deployment against the Weft contract")
    .addHelpText(
      "after",
      "\nExit codes: 0 conforms (differential: no difference outside the accepted ones), 1 a check failed\n(differential: differences), 2 bad usage, nothing answers at a URL, or it does not answer like an\nInitia indexer (one line on stderr says which).\n",
    )
    .requiredOption("--indexer-url <url>", "base URL of the indexer", url)
    .option("--router-url <url>", "base URL of the router (router checks run only with it)", url)
    .option(
      "--compare-url <url>",
      "differential mode: compare every response of the indexer with this deployment's",
      url,
    )
    .option("--accept <file>", "differential mode: JSON file of accepted differences (each with its reason)")
    .addOption(
      new Option("--profile <profile>", "strict: our spec exactly; reference: tolerate rollytics quirks")
        .choices(["strict", "reference"])
        .default("strict"),
    )
    .addOption(
      new Option("--only <class>", "run only this feature class (repeatable or comma-separated)").argParser(
        (value: string, previous: FeatureClass[] | undefined) => {
          const classes = value.split(",").map((s) => s.trim());
          const bad = classes.find((c) => !(FEATURE_CLASSES as readonly string[]).includes(c));
          if (bad)
            throw new InvalidArgumentError(`unknown class "${bad}" (one of ${FEATURE_CLASSES.join(", ")})`);
          return [...(previous ?? []), ...(classes as FeatureClass[])];
        },
      ),
    )
    .option(
      "--concurrency <n>",
      "checks in flight at once",
      positiveInt("--concurrency"),
      DEFAULT_CONCURRENCY,
    )
    .option("--timeout <ms>", "per-request timeout in ms", positiveInt("--timeout"), DEFAULT_TIMEOUT_MS)
    .option(
      "--latency-budget <ms>",
      "fail operations whose slowest request takes longer",
      positiveInt("--latency-budget"),
    )
    .option(
      "--report <targets>",
      "write reports: junit=PATH,json=PATH,html=PATH; a format alone goes to conformance-reports/ (e.g. --report junit,html)",
      (v: string) => {
        try {
          return parseReportTargets(v);
        } catch (err) {
          throw new InvalidArgumentError((err as Error).message);
        }
      },
    )
    .option(
      "--track-tx <hash>",
      "router: follow this broadcast transfer tx (64 hex digits; needs --track-chain-id) instead of the newest IBC or OPinit transfer found on the indexer",
      (v: string) => {
        if (!/^(0x)?[0-9a-fA-F]{64}$/.test(v))
          throw new InvalidArgumentError("must be 64 hex digits (0x optional)");
        return v;
      },
    )
    .option("--track-chain-id <id>", "router: the chain --track-tx was broadcast on")
    .option(
      "--track-timeout <ms>",
      "router: how long a followed transfer may take to reach STATE_COMPLETED or STATE_FAILED",
      positiveInt("--track-timeout"),
      DEFAULT_TRACK_TIMEOUT_MS,
    )
    .option("--no-progress", "do not print a line per check")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
}

/** Runs the CLI. @returns the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    program.parse(argv);
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    throw err;
  }
  const o = program.opts<CliOptions>();
  const style = { color: io.color };
  if (o.accept !== undefined && o.compareUrl === undefined) {
    io.stderr("weft-conformance: --accept needs --compare-url (differential mode)\n");
    return EXIT_USAGE;
  }
  let accepted: AcceptedDifference[] = [];
  if (o.accept !== undefined) {
    try {
      accepted = loadAcceptedDifferences(o.accept);
    } catch (err) {
      io.stderr(`weft-conformance: ${(err as Error).message}\n`);
      return EXIT_USAGE;
    }
  }
  if ((o.trackTx === undefined) !== (o.trackChainId === undefined)) {
    io.stderr("weft-conformance: --track-tx and --track-chain-id go together\n");
    return EXIT_USAGE;
  }
  const urls = [o.indexerUrl, o.compareUrl ?? o.routerUrl].filter((u) => u !== undefined);
  for (const baseUrl of new Set(urls)) {
    const problem = await unreachable(baseUrl, o.timeout, io.reach ?? tcpReach);
    if (problem) {
      io.stderr(`weft-conformance: ${problem}\n`);
      return EXIT_USAGE;
    }
  }
  // Both sides of a differential are indexers; a router is not, and is not asked this.
  for (const baseUrl of new Set([o.indexerUrl, o.compareUrl].filter((u) => u !== undefined))) {
    const problem = await notAnIndexer({
      baseUrl,
      timeoutMs: o.timeout,
      ...(io.fetch ? { fetch: io.fetch } : {}),
    });
    if (problem) {
      io.stderr(`weft-conformance: ${problem}\n`);
      return EXIT_USAGE;
    }
  }
  if (o.compareUrl !== undefined) {
    const report = await runDifferential({
      indexerUrl: o.indexerUrl,
      compareUrl: o.compareUrl,
      accepted,
      ...(o.only ? { only: o.only } : {}),
      concurrency: o.concurrency,
      timeoutMs: o.timeout,
      ...(io.fetch ? { fetch: io.fetch } : {}),
      onCompared: (c, done, total) => {
        if (!o.progress) return;
        const open = c.differences.filter((d) => !d.accepted).length;
        const mark = open > 0 ? `DIFF ${open}` : c.differences.length > 0 ? "ACCEPTED" : "SAME";
        io.stderr(
          `[${String(done).padStart(String(total).length)}/${total}] ${mark} ${c.operationId} ${c.path}\n`,
        );
      },
    });
    io.stdout(formatDifferentialSummary(report, style));
    for (const file of writeRendered(o.report ?? {}, (f) => renderDifferentialReport(report, f), {
      kind: "differential",
    }))
      io.stderr(`report written: ${file}\n`);
    return report.ok ? EXIT_OK : EXIT_FAILED;
  }
  const report = await runConformance({
    indexerUrl: o.indexerUrl,
    ...(o.routerUrl ? { routerUrl: o.routerUrl } : {}),
    profile: o.profile,
    ...(o.only ? { only: o.only } : {}),
    concurrency: o.concurrency,
    timeoutMs: o.timeout,
    ...(o.latencyBudget !== undefined ? { latencyBudgetMs: o.latencyBudget } : {}),
    tracking: {
      timeoutMs: o.trackTimeout,
      ...(o.trackTx && o.trackChainId ? { trackTx: { txHash: o.trackTx, chainId: o.trackChainId } } : {}),
    },
    ...(io.fetch ? { fetch: io.fetch } : {}),
    onResult: (result, done, total) => {
      if (o.progress) io.stderr(`${formatProgress(result, done, total, style)}\n`);
    },
  });
  io.stdout(formatSummary(report, style));
  for (const file of writeReports(report, o.report ?? {})) io.stderr(`report written: ${file}\n`);
  return report.ok ? EXIT_OK : EXIT_FAILED;
}
