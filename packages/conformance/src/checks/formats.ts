/**
 * Values in the contract's formats and units, read across endpoints (no oracle needed):
 * - `format.tx-timestamp.<op>`: a tx's timestamp is its block's (to the second) and keeps the chain's
 *   nanoseconds (RFC 3339 with nanoseconds), on every operation serving Cosmos txs; an NFT's txs at its
 *   last change also agree with the NFT's own time (to the microsecond).
 * - `content.tx-events.<op>`: a tx carries its ABCI events: the ante handler's `tx` event with
 *   `acc_seq`, and a successful tx a `message` event whose `action` names each of its messages.
 * - `format.block-time`: `block_time` is milliseconds (its sum agrees with the listed timestamps).
 * - `format.avg-blocktime`: `avg_block_time` is seconds (it agrees with the spacing of the newest 100 blocks).
 * - Addresses per field and VM: address-formats.ts.
 */
import { type Check, type CheckContext, describe, fail, pass, skip } from "../check.js";
import type { Outcome } from "../types.js";
import { isRecord } from "../wire.js";
import { addressFormatChecks } from "./address-formats.js";
import { outcomeOf, readList, TX_SOURCES } from "./tx-sources.js";

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/;
/** Distinct blocks whose tx times must all end on a whole microsecond before they count as cut. */
const CUT_EVIDENCE_BLOCKS = 3;
const enc = encodeURIComponent;

async function txTimestamps(ctx: CheckContext, op: string): Promise<Outcome> {
  const r = await TX_SOURCES[op]!(ctx);
  const early = outcomeOf(r);
  if (early || !("items" in r)) return early ?? skip("no records");
  const blockTimes = new Map<string, string>();
  const fractions = new Map<string, string>();
  for (const tx of r.items.slice(0, 20)) {
    const height = String(tx.height);
    const m = RFC3339.exec(String(tx.timestamp));
    if (!m)
      return fail(`tx ${String(tx.txhash)}: timestamp ${JSON.stringify(tx.timestamp)} is not RFC 3339 UTC`);
    if (!blockTimes.has(height)) {
      const res = await ctx.probe.get(`/indexer/block/v1/blocks/${enc(height)}`);
      const block = isRecord(res.json) ? res.json.block : undefined;
      if (res.status !== 200 || !isRecord(block)) return fail(`/blocks/${height}: ${describe(res)}`);
      blockTimes.set(height, String(block.timestamp));
    }
    if (`${m[1]}Z` !== blockTimes.get(height)) {
      return fail(
        `tx ${String(tx.txhash)} at height ${height} has timestamp ${String(tx.timestamp)}, not its block's ${blockTimes.get(height)}`,
      );
    }
    fractions.set(height, m[2] ?? "");
  }
  // A chain's block times carry nanoseconds; if those of several blocks all end on a whole
  // microsecond, the indexer cut them (the contract keeps the chain's digits). A real time ends on
  // one with odds of 1 in 1000 per block.
  const cut = [...fractions.values()].every((f) => f.replace(/0+$/, "").length <= 6);
  if (fractions.size >= CUT_EVIDENCE_BLOCKS && cut) {
    return fail(
      `the tx timestamps of ${fractions.size} blocks all end on a whole microsecond or coarser (.${[...fractions.values()].join(", .")}): the chain's nanoseconds dropped`,
    );
  }
  if (op === "listNftTxs") {
    const problem = await nftTimeProblem(ctx, r.items);
    if (problem) return fail(problem);
  }
  return pass(`${r.items.slice(0, 20).length} tx(s) of ${fractions.size} block(s)`);
}

/** An RFC 3339 time cut to the microsecond and printed as Go's RFC3339Nano (how NFT times are). */
const toMicro = (ts: string) => {
  const m = RFC3339.exec(ts);
  const micro = (m?.[2] ?? "").padEnd(9, "0").slice(0, 6).replace(/0+$/, "");
  return m ? `${m[1]}${micro ? `.${micro}` : ""}Z` : ts;
};

/**
 * The NFT's own time (its last change, to the microsecond) is that of its txs at that height: a
 * cross-read that needs only one block to see a tx's time cut.
 */
async function nftTimeProblem(
  ctx: CheckContext,
  txs: Record<string, unknown>[],
): Promise<string | undefined> {
  const nft = ctx.discovery.nft;
  if (!nft?.tokenId) return undefined;
  const tokens = await readList(
    ctx,
    `/indexer/nft/v1/tokens/by_collection/${enc(nft.collectionAddr)}`,
    "tokens",
    {
      token_id: nft.tokenId,
    },
  );
  const token = "items" in tokens ? tokens.items[0] : undefined;
  if (!token) return undefined;
  const tx = txs.find((t) => String(t.height) === String(token.height));
  if (!tx || toMicro(String(tx.timestamp)) === token.timestamp) return undefined;
  return `tx ${String(tx.txhash)} at the NFT's last change (height ${String(token.height)}) has timestamp ${String(tx.timestamp)}, but the NFT has ${String(token.timestamp)}`;
}

async function txEvents(ctx: CheckContext, op: string): Promise<Outcome> {
  const r = await TX_SOURCES[op]!(ctx);
  const early = outcomeOf(r);
  if (early || !("items" in r)) return early ?? skip("no records");
  for (const tx of r.items) {
    const events = Array.isArray(tx.events) ? tx.events.filter(isRecord) : [];
    const hash = String(tx.txhash);
    const attrs = (type: string, key: string) =>
      events
        .filter((e) => e.type === type && Array.isArray(e.attributes))
        .flatMap((e) => (e.attributes as unknown[]).filter(isRecord))
        .filter((a) => a.key === key)
        .map((a) => String(a.value));
    if (attrs("tx", "acc_seq").length === 0)
      return fail(`tx ${hash} has no \`tx\` event with \`acc_seq\` (${events.length} event(s))`);
    if (tx.code !== 0) continue;
    const body = isRecord(tx.tx) && isRecord(tx.tx.body) ? tx.tx.body : {};
    const types = Array.isArray(body.messages)
      ? body.messages.filter(isRecord).map((m) => String(m["@type"]))
      : [];
    const actions = new Set(attrs("message", "action"));
    const missing = types.find((t) => !actions.has(t));
    if (missing) return fail(`tx ${hash} has no \`message\` event with action ${missing}`);
  }
  return pass(`${r.items.length} tx(s)`);
}

const seconds = (timestamp: unknown) => Date.parse(String(timestamp)) / 1000;

async function blockTime(ctx: CheckContext): Promise<Outcome> {
  const r = await readList(ctx, "/indexer/block/v1/blocks", "blocks", { "pagination.limit": "100" });
  const early = outcomeOf(r);
  if (early || !("items" in r)) return early ?? skip("no records");
  // Newest first; the oldest listed block's block_time reaches below the list, and "0" marks the first indexed.
  const run = r.items.filter((b, i) => i + 1 < r.items.length && b.block_time !== "0");
  const oldest = r.items[run.length];
  if (run.length < 5 || !oldest) return skip("fewer than 6 consecutive blocks indexed");
  const sumMs = run.reduce((s, b) => s + Number(b.block_time), 0);
  const spanMs = (seconds(run[0]?.timestamp) - seconds(oldest.timestamp)) * 1000;
  // Timestamps are to the second, each block_time truncated to the millisecond.
  return Math.abs(sumMs - spanMs) <= 1000 + run.length
    ? pass(`${run.length} blocks: ${sumMs} ms vs ${spanMs} ms`)
    : fail(
        `the block_time of ${run.length} blocks sums to ${sumMs}, but their timestamps span ${spanMs} ms: block_time is not milliseconds since the previous block`,
      );
}

async function avgBlockTime(ctx: CheckContext): Promise<Outcome> {
  const res = await ctx.probe.get("/indexer/block/v1/avg_blocktime");
  const avg = isRecord(res.json) ? Number(res.json.avg_block_time) : Number.NaN;
  if (res.status !== 200 || Number.isNaN(avg)) return fail(`/avg_blocktime: ${describe(res)}`);
  const r = await readList(ctx, "/indexer/block/v1/blocks", "blocks", { "pagination.limit": "100" });
  const early = outcomeOf(r);
  if (early || !("items" in r)) return early ?? skip("no records");
  const n = r.items.length;
  if (n < 10) return skip(`only ${n} blocks indexed`);
  const mean = (seconds(r.items[0]?.timestamp) - seconds(r.items[n - 1]?.timestamp)) / (n - 1);
  // Second-granular timestamps, and blocks added between the two reads.
  const tolerance = 2 / (n - 1) + 0.2 * mean;
  return Math.abs(avg - mean) <= tolerance
    ? pass(`${avg} s vs ${mean.toFixed(3)} s between the newest ${n} blocks`)
    : fail(
        `avg_block_time is ${avg}, but the newest ${n} blocks are ${mean.toFixed(3)} s apart on average: not seconds`,
      );
}

const TX_OPS = ["listTxs", "listTxsByHeight", "listTxsByAccount", "getTx", "listNftTxs"];
const blockDeps = ["getBlock"];

export function formatChecks(): Check[] {
  return [
    ...TX_OPS.map(
      (op): Check => ({
        id: `format.tx-timestamp.${op}`,
        class: op === "listNftTxs" ? "nft" : "txs",
        kind: "consistency",
        title: `${op}: a tx's timestamp is its block's, with the chain's nanoseconds`,
        operationId: op,
        requires: [op, ...blockDeps, ...(op === "getTx" ? ["listTxs"] : [])],
        run: (ctx) => txTimestamps(ctx, op),
      }),
    ),
    ...TX_OPS.map(
      (op): Check => ({
        id: `content.tx-events.${op}`,
        class: op === "listNftTxs" ? "nft" : "txs",
        kind: "consistency",
        title: `${op}: a tx carries its events (\`tx\` acc_seq, a \`message\` action per message)`,
        operationId: op,
        requires: [op, ...(op === "getTx" ? ["listTxs"] : [])],
        run: (ctx) => txEvents(ctx, op),
      }),
    ),
    {
      id: "format.block-time",
      class: "blocks",
      kind: "consistency",
      title: "block_time is milliseconds since the previous block (agrees with the timestamps)",
      operationId: "listBlocks",
      requires: ["listBlocks"],
      run: blockTime,
    },
    {
      id: "format.avg-blocktime",
      class: "blocks",
      kind: "consistency",
      title: "avg_block_time is seconds (agrees with the spacing of the newest 100 blocks)",
      operationId: "getAvgBlockTime",
      requires: ["getAvgBlockTime", "listBlocks"],
      run: avgBlockTime,
    },
    ...addressFormatChecks(),
  ];
}
