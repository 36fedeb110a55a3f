#!/usr/bin/env node
/**
 * First page vs a page N records deep, per list endpoint, against a loopback deployment (start it
 * with RESPONSE_CACHE=off so the database path is measured). The deep page is reached the way
 * clients reach it: by following next_key from the first page. Prints p50/p99 of both and the
 * ratio against the target (deep p99 <= 1.2x first-page p99, issue 26).
 *
 *   node dist/runner/deep-pages.js --base-url http://127.0.0.1:8080 [--depth 10000] [--duration 10]
 */
import { parseArgs } from "node:util";
import { assertLoopback } from "./loopback.js";
import { measure } from "./measure.js";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:8080" },
    depth: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    limit: { type: "string", default: "100" },
  },
});
const base = (values["base-url"] ?? "").replace(/\/+$/, "");
assertLoopback(base);
const depth = Number(values.depth);
const limit = Number(values.limit);

async function json<T>(path: string): Promise<T | undefined> {
  const res = await fetch(`${base}${path}`);
  return res.ok ? ((await res.json()) as T) : undefined;
}

/** The pagination.key of the page `depth` records into `path`, following next_key in pages of 1000. */
async function keyAt(path: string): Promise<string | undefined> {
  let key: string | null | undefined;
  for (let seen = 0; seen < depth; seen += 1000) {
    const sep = path.includes("?") ? "&" : "?";
    const page = await json<{ pagination?: { next_key: string | null } }>(
      `${path}${sep}pagination.limit=1000&pagination.count_total=false${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`,
    );
    key = page?.pagination?.next_key;
    if (!key) return undefined;
  }
  return key ?? undefined;
}

// Test data from the deployment: a signer of a recent tx, its message type.
const txs = await json<{
  txs: {
    tx: { body: { messages: { "@type": string }[] } };
    events: { type: string; attributes: { key: string; value: string }[] }[];
  }[];
}>("/indexer/tx/v1/txs?pagination.limit=50");
const accSeq = txs?.txs
  .flatMap((t) => t.events)
  .filter((e) => e.type === "tx")
  .flatMap((e) => e.attributes)
  .find((a) => a.key === "acc_seq")?.value;
const account = accSeq?.split("/")[0];
const msgType = txs?.txs[0]?.tx.body.messages[0]?.["@type"].replace(/^\//, "");
const endpoints: [string, string | undefined][] = [
  ["blocks", "/indexer/block/v1/blocks"],
  ["txs", "/indexer/tx/v1/txs"],
  ["txs by_account", account ? `/indexer/tx/v1/txs/by_account/${account}` : undefined],
  ["txs msgs filter", msgType ? `/indexer/tx/v1/txs?msgs=${msgType}` : undefined],
  ["rich list uinit", "/indexer/richlist/v1/uinit"],
];

const rows: Record<string, Record<string, string | number>> = {};
for (const [name, path] of endpoints) {
  if (!path) continue;
  const sep = path.includes("?") ? "&" : "?";
  const deepKey = await keyAt(path);
  const first = await measure({
    name,
    targets: [{ url: `${base}${path}${sep}pagination.limit=${limit}&pagination.count_total=false` }],
    durationSec: Number(values.duration),
    connections: Number(values.connections),
  });
  const row: Record<string, string | number> = {
    "first req/s": Math.round(first.requestsPerSec),
    "first p50": first.p50Ms,
    "first p99": first.p99Ms,
  };
  if (deepKey) {
    const deep = await measure({
      name: `${name} deep`,
      targets: [
        {
          url: `${base}${path}${sep}pagination.limit=${limit}&pagination.count_total=false&pagination.key=${encodeURIComponent(deepKey)}`,
        },
      ],
      durationSec: Number(values.duration),
      connections: Number(values.connections),
    });
    Object.assign(row, {
      "deep req/s": Math.round(deep.requestsPerSec),
      "deep p50": deep.p50Ms,
      "deep p99": deep.p99Ms,
      "deep/first p99": (deep.p99Ms / Math.max(1, first.p99Ms)).toFixed(2),
      errors: first.errors + deep.errors,
    });
  } else {
    Object.assign(row, { "deep req/s": "fewer records than --depth", errors: first.errors });
  }
  rows[name] = row;
}
console.log(
  `first page vs ${depth} records deep, ${limit} per page, ${values.connections} connections, ${values.duration} s each (target: deep p99 <= 1.2x first p99)`,
);
console.table(rows);
