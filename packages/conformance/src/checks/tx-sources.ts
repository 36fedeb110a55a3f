/**
 * Where the value laws find records: for each operation that serves Cosmos txs (or NFTs, or call
 * frames), a few of its records read from the deployment with discovered inputs.
 */
import { type CheckContext, describe, fail, skip } from "../check.js";
import type { Outcome } from "../types.js";
import { isRecord } from "../wire.js";

export type Records = { items: Record<string, unknown>[] } | { problem: string } | { skip: string };

/** The `key` array of a 200 list answer, or what went wrong. */
export async function readList(
  ctx: CheckContext,
  path: string,
  key: string,
  query: Record<string, string> = {},
): Promise<Records> {
  const res = await ctx.probe.get(path, query);
  const list = res.status === 200 && isRecord(res.json) ? res.json[key] : undefined;
  if (!Array.isArray(list)) return { problem: `${path}: ${describe(res)}` };
  return { items: list.filter(isRecord) };
}

const TX = "/indexer/tx/v1";
const enc = encodeURIComponent;

/** Txs served by one operation: a page of each, and for getTx the singles of listed txs. */
export const TX_SOURCES: Record<string, (ctx: CheckContext) => Promise<Records>> = {
  listTxs: (ctx) => readList(ctx, `${TX}/txs`, "txs", { "pagination.limit": "50" }),
  listTxsByHeight: async (ctx) => {
    const heights = ctx.discovery.recentBlocks
      .slice(1)
      .filter((b) => Number(b.tx_count) > 0)
      .slice(0, 3)
      .map((b) => b.height);
    if (heights.length === 0) return { skip: "no block with txs found on the deployment" };
    const items: Record<string, unknown>[] = [];
    for (const h of heights) {
      const r = await readList(ctx, `${TX}/txs/by_height/${enc(h)}`, "txs", { "pagination.limit": "20" });
      if (!("items" in r)) return r;
      items.push(...r.items);
    }
    return { items };
  },
  listTxsByAccount: async (ctx) => {
    const account = ctx.discovery.signer ?? ctx.discovery.accounts[0];
    if (!account) return { skip: "no account with txs found on the deployment" };
    return readList(ctx, `${TX}/txs/by_account/${enc(account)}`, "txs", { "pagination.limit": "50" });
  },
  getTx: async (ctx) => {
    const listed = await readList(ctx, `${TX}/txs`, "txs", { "pagination.limit": "50" });
    if (!("items" in listed)) return listed;
    // One tx per height, three heights: enough to see the chain's sub-second digits.
    const byHeight = new Map(listed.items.map((tx) => [String(tx.height), String(tx.txhash)]));
    const items: Record<string, unknown>[] = [];
    for (const hash of [...byHeight.values()].slice(0, 3)) {
      const res = await ctx.probe.get(`${TX}/txs/${enc(hash)}`);
      const tx = isRecord(res.json) ? res.json.tx : undefined;
      if (res.status !== 200 || !isRecord(tx)) return { problem: `/txs/${hash}: ${describe(res)}` };
      items.push(tx);
    }
    return { items };
  },
  listNftTxs: async (ctx) => {
    const nft = ctx.discovery.nft;
    if (!nft?.tokenId) return { skip: "no NFT found on the deployment" };
    return readList(ctx, `/indexer/nft/v1/txs/${enc(nft.collectionAddr)}/${enc(nft.tokenId)}`, "txs", {
      "pagination.limit": "50",
    });
  },
};

/** The outcome a source settles on its own: a failure, a skip, or nothing to look at. */
export function outcomeOf(r: Records): Outcome | undefined {
  if ("problem" in r) return fail(r.problem);
  if ("skip" in r) return skip(r.skip);
  return r.items.length === 0 ? skip("no records to look at") : undefined;
}
