/**
 * Differential mode against a real `weft dev`: a snapshot of it (A) against the same snapshot behind
 * a proxy (B) that injects one difference of each kind; each must be found exactly once, at its
 * place, and nothing else. The snapshot against itself has no difference; an accepted difference is
 * reported as accepted and does not fail the run (library and CLI).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrokenServer } from "./_test/broken-proxy.js";
import { startBrokenServer } from "./_test/broken-proxy.js";
import { type Injection, injecting, startSnapshot } from "./_test/differential-proxies.js";
import { startWeftDev, type WeftDev } from "./_test/weft-dev.js";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runCli } from "./cli-program.js";
import { type DifferentialReport, runDifferential } from "./run-differential.js";

/** Small pages, so lists span several pages (and page 2 exists) in a young devnet. */
const PAGE_RECORDS = 5;
const MAX_PAGES = 12;

type Body = Record<string, unknown>;
const TXS = "/indexer/tx/v1/txs";
const BLOCKS = "/indexer/block/v1/blocks";

let weft: WeftDev;
let snapshot: BrokenServer;
const servers: BrokenServer[] = [];
const dirs: string[] = [];
/** The 8th tx oldest first: the changed value sits in record 7, on page 2 of /txs. */
let deepTx: string;

const rename: Injection = {
  applies: (p) => p === "/indexer/block/v1/avg_blocktime",
  edit: ({ avg_block_time, ...rest }) => ({ ...rest, avg_blocktime: avg_block_time }),
};
/** The oldest-first walk of every list; the other ways a list is asked have their own injections. */
const walking = (q: URLSearchParams) => q.get("pagination.reverse") === "false";

const injections: Record<string, Injection> = {
  // Seen only when the list is asked the way explorers ask it, not by the oldest-first walk.
  totalWithoutCount: {
    applies: (p, q) => p === BLOCKS && q.get("pagination.count_total") === "false",
    edit: (b) => ({ ...b, pagination: { ...(b.pagination as Body), total: "12345" } }),
  },
  rename,
  reorder: {
    applies: (p) => p === "/status",
    edit: (b) => Object.fromEntries(Object.entries(b).reverse()),
  },
  type: {
    applies: (p) => /^\/indexer\/block\/v1\/blocks\/\d+$/.test(p),
    edit: (b) => ({ block: { ...(b.block as Body), tx_count: Number((b.block as Body).tx_count) } }),
  },
  deepValue: {
    applies: (p, q) => p === TXS && walking(q),
    edit: (b) => ({
      ...b,
      txs: (b.txs as Body[]).map((tx) => (tx.txhash === deepTx ? { ...tx, gas_used: "1" } : tx)),
    }),
  },
  extraRecord: {
    // Page 2 oldest first starts at height PAGE_RECORDS + 1.
    applies: (p, q) => p === BLOCKS && walking(q) && q.has("pagination.key"),
    edit: (b) => {
      const blocks = b.blocks as Body[];
      if (blocks[0]?.height !== String(PAGE_RECORDS + 1)) return b;
      return { ...b, blocks: [...blocks, { ...blocks.at(-1), height: "999999999", hash: "F".repeat(64) }] };
    },
  },
  status: {
    applies: (p, q) => p === "/indexer/nft/v1/collections" && walking(q),
    edit: () => ({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ code: 503, message: "unavailable", details: [] }),
    }),
  },
};

async function proxy(list: Injection[]): Promise<string> {
  const server = await startBrokenServer(snapshot.url, injecting(list));
  servers.push(server);
  return server.url;
}

const compare = async (
  compareUrl: string,
  accepted = [] as Parameters<typeof runDifferential>[0]["accepted"],
) =>
  runDifferential({
    indexerUrl: snapshot.url,
    compareUrl,
    ...(accepted ? { accepted } : {}),
    pageRecords: PAGE_RECORDS,
    maxPages: MAX_PAGES,
    recheckDelayMs: 0,
    concurrency: 8,
  });

const ACCEPT_RENAME = {
  operation: "getAvgBlockTime",
  field: "avg_block_time",
  kind: "key-renamed" as const,
  reason: "B spells it the old way",
};

let injected: DifferentialReport;
let same: DifferentialReport;

beforeAll(async () => {
  weft = await startWeftDev();
  snapshot = await startSnapshot(weft.url);
  const res = await fetch(`${snapshot.url}${TXS}?pagination.limit=10&pagination.reverse=false`);
  deepTx = ((await res.json()) as { txs: { txhash: string }[] }).txs[7]?.txhash ?? "";
  // A first pass fills the snapshot with every URL either side will ask: the chain under `weft dev`
  // moves every second, and a page the two measured runs first asked at different moments (a
  // cursor URL one side reached later, under a loaded CI machine) would differ for that reason alone.
  await compare(await proxy([]));
  [injected, same] = await Promise.all([
    compare(await proxy(Object.values(injections)), [ACCEPT_RENAME]),
    compare(await proxy([])),
  ]);
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await snapshot?.close();
  await weft?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("runDifferential: Weft against a copy of Weft", () => {
  it("finds each injected difference exactly once, at its place, and nothing else", () => {
    const found = injected.compared
      .flatMap((c) => c.differences)
      .map((d) => `${d.operationId} ${d.kind} ${d.pointer}${d.accepted ? " (accepted)" : ""}`);
    expect(found.sort()).toEqual(
      [
        "getAvgBlockTime key-renamed /avg_block_time (accepted)",
        "getStatus key-order ",
        "getBlock type /block/tx_count",
        "listTxs value /txs/7/gas_used",
        "listBlocks record-extra /blocks/-",
        "listNftCollections status ",
        "listBlocks value /pagination/total",
      ].sort(),
    );
    expect(injected.summary).toMatchObject({ differences: 6, accepted: 1 });
    const total = injected.compared.find((c) => c.differences.some((d) => d.pointer === "/pagination/total"));
    expect(total?.variant).toBe("no total");
    expect(total?.path).toContain("pagination.count_total=false");
    expect(injected.ok).toBe(false);
    const status = injected.compared.find((c) => c.operationId === "listNftCollections");
    expect(status?.status).toEqual({ a: 200, b: 503 });
    const type = injected.compared.flatMap((c) => c.differences).find((d) => d.kind === "type");
    expect(type?.a).toMatch(/^string "\d+"$/);
    expect(type?.b).toMatch(/^number \d+$/);
  });

  it("walks lists page by page on both sides and compares every indexer operation", () => {
    const txs = same.compared.find((c) => c.operationId === "listTxs");
    expect(txs?.records?.a).toBe(PAGE_RECORDS * MAX_PAGES);
    expect(txs?.responses).toBe(2 * MAX_PAGES);
    expect(same.compared.map((c) => c.operationId)).toContain("getTx");
    expect(same.compared.map((c) => c.operationId)).not.toContain("getMetrics");
    expect(same.summary.requests).toBeGreaterThan(20);
    // Each list is also asked as explorers ask it: server defaults, newest first, by offset, without
    // a total, and with each filter it takes.
    const variants = (op: string) => same.compared.filter((c) => c.operationId === op).map((c) => c.variant);
    expect(variants("listBlocks")).toEqual([
      "oldest first, every page",
      "server defaults",
      "newest first",
      "offset page",
      "no total",
    ]);
    expect(variants("listTxsByAccount")).toEqual(expect.arrayContaining(["is_signer=true"]));
    expect(variants("listTxs").some((v) => v?.startsWith("msgs="))).toBe(true);
    expect(variants("listNftTokensByCollection")).toEqual(
      expect.arrayContaining(["token_id", "order_by=height"]),
    );
  });

  it("finds no difference between Weft and itself", () => {
    expect(same.compared.flatMap((c) => c.differences)).toEqual([]);
    expect(same.ok).toBe(true);
  });
});

describe("weft-conformance --compare-url", () => {
  const run = async (args: string[]) => {
    const out = { stdout: "", stderr: "" };
    const code = await runCli(["node", "x", ...args], {
      stdout: (t) => {
        out.stdout += t;
      },
      stderr: (t) => {
        out.stderr += t;
      },
      color: false,
    });
    return { code, ...out };
  };

  it("exits 0 when the only difference is accepted, 1 when it is not, and writes the reports", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "weft-differential-"));
    dirs.push(dir);
    const accept = path.join(dir, "accepted.json");
    writeFileSync(accept, JSON.stringify([ACCEPT_RENAME]));
    const b = await proxy([rename]);
    const only = ["--only", "blocks", "--no-progress"];
    const files = { json: path.join(dir, "d.json"), html: path.join(dir, "d.html") };
    const ok = await run([
      "--indexer-url",
      snapshot.url,
      "--compare-url",
      b,
      "--accept",
      accept,
      ...only,
      "--report",
      `json=${files.json},html=${files.html}`,
    ]);
    expect(ok.code).toBe(EXIT_OK);
    expect(ok.stdout).toMatch(/accepted +1/);
    expect(ok.stdout).toContain(
      "Accepted (1 in 1 group):\n  GET /indexer/block/v1/avg_blocktime  /avg_block_time  key-renamed  ×1  (getAvgBlockTime)\n    why accepted: B spells it the old way\n",
    );
    expect(ok.stdout).toContain("SAME:");
    const report = JSON.parse(readFileSync(files.json, "utf8")) as DifferentialReport;
    expect(report.summary).toMatchObject({ differences: 0, accepted: 1 });
    const html = readFileSync(files.html, "utf8");
    expect(html).toContain('id="difference-matrix"');
    expect(html).toMatch(/data-operation="getAvgBlockTime".*<td class="accepted"[^>]*>1 accepted<\/td>/);
    const bad = await run(["--indexer-url", snapshot.url, "--compare-url", b, ...only]);
    expect(bad.code).toBe(EXIT_FAILED);
    expect(bad.stdout).toContain(
      "  GET /indexer/block/v1/avg_blocktime  /avg_block_time  key-renamed  ×1  (getAvgBlockTime)\n    A avg_block_time | B avg_blocktime  in GET /indexer/block/v1/avg_blocktime\n",
    );
  });

  it("reports one cause repeated in every record and list variant as one group: a count and an example", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "weft-differential-"));
    dirs.push(dir);
    // B lower-cases every listed block's hash: one cause, a difference in each block of each page of
    // each way /blocks is asked (hundreds of lines when each is printed).
    const lowerHashes: Injection = {
      applies: (p) => p === BLOCKS,
      edit: (b) => ({
        ...b,
        blocks: (b.blocks as Body[]).map((block) => ({ ...block, hash: String(block.hash).toLowerCase() })),
      }),
    };
    const file = path.join(dir, "d.json");
    const b = await proxy([lowerHashes]);
    const r = await run([
      "--indexer-url",
      snapshot.url,
      "--compare-url",
      b,
      "--only",
      "blocks",
      "--no-progress",
      "--report",
      `json=${file}`,
    ]);
    expect(r.code).toBe(EXIT_FAILED);
    const report = JSON.parse(readFileSync(file, "utf8")) as DifferentialReport;
    // The JSON report keeps every difference, and their one group.
    const all = report.compared.flatMap((c) => c.differences);
    expect(all.length).toBeGreaterThan(50);
    expect(new Set(all.map((d) => `${d.operationId} ${d.kind}`))).toEqual(new Set(["listBlocks value"]));
    expect(report.groups).toEqual([
      {
        operationId: "listBlocks",
        method: "GET",
        endpoint: BLOCKS,
        pointer: "/blocks/*/hash",
        kind: "value",
        count: all.length,
        example: all[0],
      },
    ]);
    expect(r.stdout).toContain(`\nDifferences (${all.length} in 1 group):\n`);
    expect(r.stdout).toContain(`\n  GET ${BLOCKS}  /blocks/*/hash  value  ×${all.length}  (listBlocks)\n`);
    expect(r.stdout).toMatch(
      /\n {4}e\.g\. \/blocks\/0\/hash: A "[0-9A-F]{64}" \| B "[0-9a-f]{64}" {2}in GET \/indexer\/block\/v1\/blocks\?pagination\.limit=50&pagination\.reverse=false\n/,
    );
    // Header, counts, the group and its example, the verdict: a short report.
    expect(r.stdout.split("\n").length).toBeLessThan(16);
  });

  it("exits 2 on --accept without --compare-url, a bad accept file, or an unreachable B", async () => {
    expect((await run(["--indexer-url", snapshot.url, "--accept", "x.json"])).code).toBe(EXIT_USAGE);
    const missing = await run([
      "--indexer-url",
      snapshot.url,
      "--compare-url",
      snapshot.url,
      "--accept",
      "/nonexistent.json",
    ]);
    expect(missing.code).toBe(EXIT_USAGE);
    const down = await run(["--indexer-url", snapshot.url, "--compare-url", "http://127.0.0.1:1"]);
    expect(down.code).toBe(EXIT_USAGE);
    expect(down.stderr).toBe("weft-conformance: nothing answers at http://127.0.0.1:1: connection refused\n");
  });
});
