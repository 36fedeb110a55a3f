/**
 * The options of `weft-loadtest compare`, parsed and checked before any request is sent: a bad
 * option or a non-loopback URL is a CompareUsageError (exit 2 with the usage), never a half run.
 */
import { parseArgs } from "node:util";
import type { Side } from "./request-groups.js";
import { intOption, resolveSides } from "./two-sides.js";

export const COMPARE_USAGE = `usage: weft-loadtest compare --a URL --b URL [options]

The same request mix against two deployments of the same chain (say Weft and the reference
indexer, or Weft before and after a change), alternating A and B, then a table of req/s, p50 and
p99 per request group with the ratio B/A (B's value divided by A's: req/s above 1 means B serves
more, p50/p99 above 1 means B is slower). Targets come from A's data. Loopback URLs only.

  --a URL               deployment A (the baseline of the ratio)
  --b URL               deployment B
  --names A,B           display names of A and B (default A,B)
  --duration S          seconds per measurement, one group on one side (default 10)
  --connections N[,M]   concurrent connections; a list runs every round at each (default 10)
  --rounds N            rounds; each measures every group on both sides, A first in odd
                        rounds and B first in even ones; the table shows medians (default 3)
  --warmup S            seconds of all the selected groups' URLs on each side before
                        round 1, not counted; 0 skips it (default 5)
  --only TEXT           only the groups whose name contains TEXT (case-insensitive)
  --json FILE           also write every round and the medians to FILE as JSON
  --help                this text

Progress goes to stderr, the table to stdout.

  weft-loadtest compare --a http://127.0.0.1:8080 --b http://127.0.0.1:18080 \\
    --names weft,rollytics --duration 10 --rounds 3 --connections 10,50 --json compare.json`;

export class CompareUsageError extends Error {}

export interface CompareOptions {
  a: Side;
  b: Side;
  durationSec: number;
  connections: number[];
  rounds: number;
  warmupSec: number;
  only?: string;
  jsonFile?: string;
}

/** `--help` as "help", else the checked options; throws CompareUsageError on anything wrong. */
export function parseCompareArgs(argv: string[]): CompareOptions | "help" {
  try {
    const { values } = parseArgs({
      // pnpm forwards a literal "--" before a script's arguments.
      args: argv.filter((arg) => arg !== "--"),
      options: {
        a: { type: "string" },
        b: { type: "string" },
        names: { type: "string", default: "A,B" },
        duration: { type: "string", default: "10" },
        connections: { type: "string", default: "10" },
        rounds: { type: "string", default: "3" },
        warmup: { type: "string", default: "5" },
        only: { type: "string" },
        json: { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) return "help";
    const [a, b] = resolveSides(values.a, values.b, values.names);
    const connections = (values.connections ?? "")
      .split(",")
      .map((c) => intOption("--connections", c, 1, 1000));
    if (new Set(connections).size !== connections.length)
      throw new Error("--connections lists a count twice");
    if (values.only !== undefined && values.only.trim() === "")
      throw new Error("--only needs a group name part");
    if (values.json !== undefined && values.json.trim() === "") throw new Error("--json needs a file name");
    return {
      a,
      b,
      durationSec: intOption("--duration", values.duration, 1, 600, " seconds"),
      connections,
      rounds: intOption("--rounds", values.rounds, 1, 100),
      warmupSec: intOption("--warmup", values.warmup, 0, 600, " seconds"),
      ...(values.only !== undefined ? { only: values.only.trim() } : {}),
      ...(values.json !== undefined ? { jsonFile: values.json } : {}),
    };
  } catch (err) {
    throw new CompareUsageError((err as Error).message);
  }
}
