#!/usr/bin/env node
/**
 * Two indexer deployments of the same chain measured side by side in one run, e.g. Weft and the
 * reference indexer (rollytics): with --ingest-to, how fast each one's /status height climbs to a
 * height (start both ingesters on empty databases, then this); then, for each request group (lists,
 * filters, an account's txs, deep pages, single items), requests/s, p50 and p99 of A and of B, each
 * group measured on A then on B with the same targets, duration and connections. Targets come
 * from A's data, so both must index the same chain. Loopback only.
 *
 *   node dist/runner/side-by-side.js --a http://127.0.0.1:8080 --b http://127.0.0.1:18080 \
 *     --names weft,rollytics --duration 10 [--ingest-to 3000]
 *
 * Ingesters started together share the cores; `--ingest-side a` (then `b`, each on its own run)
 * times one at a time, which is fairer on a small machine.
 */
import { parseArgs } from "node:util";
import { getJson, groupsFrom, measureOn } from "./request-groups.js";
import { formatTable } from "./table.js";
import { intOption, resolveSides } from "./two-sides.js";

const USAGE =
  "usage: weft-side-by-side --a URL --b URL [--names A,B] [--duration S] [--connections N]\n" +
  "         [--ingest-to HEIGHT [--ingest-side a|b|both]] [--skip-requests]";

function fail(message: string): never {
  process.stderr.write(`weft-side-by-side: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const heightOf = async (base: string) =>
  Number((await getJson<{ height?: number }>(`${base}/status`).catch(() => undefined))?.height ?? 0);

/**
 * Polls both /status every 250 ms until both reach `target`; blocks/s of each is the heights it
 * climbed over the seconds it took, from this command's start.
 */
async function watchIngest(sides: { name: string; url: string }[], target: number) {
  const started = Date.now();
  const startHeights = await Promise.all(sides.map((s) => heightOf(s.url)));
  const reached: (number | undefined)[] = sides.map(() => undefined);
  let lastPrint = 0;
  while (reached.some((r) => r === undefined)) {
    const heights = await Promise.all(sides.map((s) => heightOf(s.url)));
    heights.forEach((h, i) => {
      if (reached[i] === undefined && h >= target) reached[i] = Date.now();
    });
    if (Date.now() - lastPrint > 5_000) {
      lastPrint = Date.now();
      process.stderr.write(
        `  ${((Date.now() - started) / 1000).toFixed(0)} s: ${sides.map((s, i) => `${s.name} ${heights[i]}`).join(", ")}\n`,
      );
    }
    if (Date.now() - started > 3_600_000) fail(`not both at height ${target} within an hour`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return sides.map((s, i) => {
    const seconds = ((reached[i] as number) - started) / 1000;
    return { name: s.name, seconds, blocksPerSec: (target - (startHeights[i] ?? 0)) / seconds };
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: "string" },
      b: { type: "string" },
      names: { type: "string", default: "A,B" },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "10" },
      "ingest-to": { type: "string" },
      "ingest-side": { type: "string", default: "both" },
      "skip-requests": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let sides: ReturnType<typeof resolveSides>;
  let duration: number;
  let connections: number;
  try {
    sides = resolveSides(values.a, values.b, values.names);
    duration = intOption("--duration", values.duration, 1, 600, " seconds");
    connections = intOption("--connections", values.connections, 1, 200);
  } catch (err) {
    fail((err as Error).message);
  }
  const [sideA, sideB] = sides;
  const [a, b, nameA, nameB] = [sideA.url, sideB.url, sideA.name, sideB.name];

  if (values["ingest-to"] !== undefined) {
    const target = Number(values["ingest-to"]);
    if (!Number.isInteger(target) || target < 1) fail("--ingest-to must be a height");
    process.stderr.write(`watching both /status heights climb to ${target}...\n`);
    const side = values["ingest-side"];
    if (side !== "a" && side !== "b" && side !== "both") fail("--ingest-side must be a, b or both");
    const rows = await watchIngest(
      [
        ...(side !== "b" ? [{ name: nameA, url: a }] : []),
        ...(side !== "a" ? [{ name: nameB, url: b }] : []),
      ],
      target,
    );
    process.stdout.write(
      `\nIngestion to height ${target}\n\n${formatTable(
        ["indexer", "seconds", "blocks/s"],
        rows.map((r) => [r.name, r.seconds.toFixed(1), r.blocksPerSec.toFixed(1)]),
      )}\n`,
    );
  }

  if (values["skip-requests"]) return;
  const groups = await groupsFrom(a).catch((err: Error) => fail(err.message));
  const rows: (string | number)[][] = [];
  for (const group of groups) {
    const result = [];
    for (const side of sides) {
      process.stderr.write(`${group.name}: ${side.name}, ${group.paths.length} URLs, ${duration} s...\n`);
      result.push(await measureOn(side, group.name, group.paths, { durationSec: duration, connections }));
    }
    const [ma, mb] = result;
    if (!ma || !mb) continue;
    rows.push([
      group.name,
      ma.requestsPerSec.toFixed(0),
      mb.requestsPerSec.toFixed(0),
      mb.requestsPerSec > 0 ? `${(ma.requestsPerSec / mb.requestsPerSec).toFixed(2)}x` : "-",
      `${ma.p50Ms} / ${ma.p99Ms}`,
      `${mb.p50Ms} / ${mb.p99Ms}`,
      `${ma.errors} / ${mb.errors}`,
    ]);
  }
  process.stdout.write(
    `\nRequests (${connections} connections, ${duration} s per group and side)\n\n${formatTable(
      [
        "group",
        `${nameA} req/s`,
        `${nameB} req/s`,
        `${nameA}/${nameB}`,
        `${nameA} p50/p99 ms`,
        `${nameB} p50/p99 ms`,
        "errors A / B",
      ],
      rows,
    )}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`weft-side-by-side: ${(err as Error).message}\n`);
  process.exit(1);
});
