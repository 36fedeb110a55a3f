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
import { assertLoopback } from "./loopback.js";
import { measure, type Target } from "./measure.js";
import { formatTable } from "./table.js";

const USAGE =
  "usage: weft-side-by-side --a URL --b URL [--names A,B] [--duration S] [--connections N]\n" +
  "         [--ingest-to HEIGHT [--ingest-side a|b|both]] [--skip-requests]";

function fail(message: string): never {
  process.stderr.write(`weft-side-by-side: ${message}\n${USAGE}\n`);
  process.exit(2);
}

async function getJson<T>(url: string): Promise<T | undefined> {
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  return res.status === 200 ? ((await res.json()) as T) : undefined;
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

interface Group {
  name: string;
  paths: string[];
}

/** The request groups, from A's data: many distinct URLs each, so a response cache serves few. */
async function groupsFrom(a: string): Promise<Group[]> {
  const txs = await getJson<{ txs: { txhash: string; events?: unknown[] }[]; pagination: { total: string } }>(
    `${a}/indexer/tx/v1/txs?pagination.limit=100`,
  );
  const blocks = await getJson<{ blocks: { height: string }[]; pagination: { total: string } }>(
    `${a}/indexer/block/v1/blocks?pagination.limit=100`,
  );
  if (!txs || !blocks || txs.txs.length === 0) fail(`${a} has no txs to measure with`);
  const totalTxs = Number(txs.pagination.total);
  const totalBlocks = Number(blocks.pagination.total);
  const text = JSON.stringify(txs.txs);
  const accounts = [...new Set(text.match(/init1[02-9ac-hj-np-z]{38}(?![02-9ac-hj-np-z])/g) ?? [])].slice(
    0,
    20,
  );
  const types = [...new Set(text.match(/"@type":"\/([\w.]+)"/g)?.map((m) => m.slice(10, -1)) ?? [])];
  const collections = await getJson<{ collections: { object_addr: string }[] }>(
    `${a}/indexer/nft/v1/collections?pagination.limit=20`,
  );
  const spread = (n: number, max: number) =>
    Array.from({ length: n }, (_, i) => Math.floor((max * (i + 1)) / (n + 1)));
  const deep = (total: number) => spread(100, Math.max(0, total - 100)).filter((o) => o > total / 2);
  return [
    {
      name: "lists (100 per page, by offset)",
      paths: spread(50, totalBlocks - 100).flatMap((o) => [
        `/indexer/block/v1/blocks?pagination.limit=100&pagination.offset=${o}`,
        `/indexer/tx/v1/txs?pagination.limit=100&pagination.offset=${Math.floor((o * totalTxs) / totalBlocks)}`,
      ]),
    },
    {
      name: "filters (msgs, is_signer, order_by)",
      paths: [
        ...types.map((t) => `/indexer/tx/v1/txs?msgs=${t}&pagination.limit=100`),
        ...accounts.map((acc) => `/indexer/tx/v1/txs/by_account/${acc}?is_signer=true&pagination.limit=100`),
        ...(collections?.collections ?? []).map(
          (c) => `/indexer/nft/v1/tokens/by_collection/${c.object_addr}?order_by=height&pagination.limit=100`,
        ),
      ],
    },
    {
      name: "an account's txs",
      paths: accounts.flatMap((acc) =>
        [0, 20, 40].map(
          (o) => `/indexer/tx/v1/txs/by_account/${acc}?pagination.limit=20&pagination.offset=${o}`,
        ),
      ),
    },
    {
      name: "deep pages (offset > half the list)",
      paths: [
        ...deep(totalTxs).map((o) => `/indexer/tx/v1/txs?pagination.limit=100&pagination.offset=${o}`),
        ...deep(totalBlocks).map(
          (o) => `/indexer/block/v1/blocks?pagination.limit=100&pagination.offset=${o}`,
        ),
      ],
    },
    {
      name: "single items (tx by hash, block by height)",
      paths: [
        ...txs.txs.map((t) => `/indexer/tx/v1/txs/${t.txhash}`),
        ...spread(100, totalBlocks).map((h) => `/indexer/block/v1/blocks/${h + 1}`),
      ],
    },
  ].filter((g) => g.paths.length > 0);
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
  const a = values.a?.replace(/\/+$/, "") ?? fail("--a is required");
  const b = values.b?.replace(/\/+$/, "") ?? fail("--b is required");
  for (const url of [a, b]) {
    try {
      assertLoopback(url);
    } catch (err) {
      fail((err as Error).message);
    }
  }
  const [nameA = "A", nameB = "B"] = (values.names ?? "").split(",");
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  if (!Number.isInteger(duration) || duration < 1 || duration > 600)
    fail("--duration must be 1..600 seconds");
  if (!Number.isInteger(connections) || connections < 1 || connections > 200)
    fail("--connections must be 1..200");

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
  const groups = await groupsFrom(a);
  const rows: (string | number)[][] = [];
  for (const group of groups) {
    const result = [];
    for (const [name, base] of [
      [nameA, a],
      [nameB, b],
    ] as const) {
      process.stderr.write(`${group.name}: ${name}, ${group.paths.length} URLs, ${duration} s...\n`);
      const targets: Target[] = group.paths.map((p) => ({ url: `${base}${p}` }));
      result.push(await measure({ name, targets, durationSec: duration, connections }));
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
