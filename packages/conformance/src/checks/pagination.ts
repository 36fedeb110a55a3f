/**
 * Pagination laws of every list operation, on data the deployment already has. Each law reads the
 * list oldest-first (`reverse=false`) where it compares requests, because a live chain only appends
 * records at that end, so earlier records stay put between requests.
 *
 * - `limit`: a page holds min(limit, available) records.
 * - `chain`: following next_key visits each record once (no repeats, no key cycles), pages follow
 *   each other in order, and the records are those of one big page.
 * - `order`: reverse=true is newest first, reverse=false oldest first, the default is reverse=true,
 *   and on a set that fits one page the two are exact mirrors.
 * - `key-offset`: `pagination.offset=k` and `pagination.key=base64("k")` give the same page.
 * - `total`: on small sets, `total` equals the number of records a full traversal visits.
 * - `count-total`: with count_total=false, `total` is "0" (on /blocks it is the latest height; the
 *   rich list counts it anyway, as its spec operation says and the reference does).
 * - `offset`, `key-wins`, `previous-key`: where a page starts and what it points back to
 *   (pagination-keys.ts).
 */
import { type Check, classOf, fail, pass, skip } from "../check.js";
import type { Contract } from "../contract.js";
import { compareOrder, listModel, orderViolation } from "../list-model.js";
import { fillPath, isPaginated } from "../operation-params.js";
import type { Law } from "./list-law.js";
import { fetchPage, offsetKey, totalOf, traverse, waitOutListCache } from "./page-reader.js";
import { keyWinsLaw, offsetLaw, previousKeyLaw } from "./pagination-keys.js";

const SMALL_LIMIT = 2;
const CHAIN_PAGES = 5;
const ORDER_LIMIT = 10;
/**
 * Sets up to this size are traversed in full for the `total` law (5 pages of 1 000): a real minievm
 * tx has at least three call frames (the wrapper root and the fee token's `decimals()` calls), so
 * an EVM chain's internal txs pass 2 000 within a few hundred txs.
 */
const SMALL_SET = 5_000;
const TRAVERSAL_LIMIT = 1_000;
const ASC = { "pagination.reverse": "false" };

const limitLaw: Law = async (ctx, path, model) => {
  const big = await fetchPage(ctx, path, model, { ...ASC, "pagination.limit": "20" });
  if (!big.ok) return fail(big.problem);
  for (const limit of [1, SMALL_LIMIT + 1]) {
    const small = await fetchPage(ctx, path, model, { ...ASC, "pagination.limit": String(limit) });
    if (!small.ok) return fail(small.problem);
    const expected = Math.min(limit, big.page.items.length);
    if (small.page.items.length === expected) continue;
    // A small live set (an account's collections) may have grown or shrunk since the first read:
    // the limit is only broken if the set as it is now disagrees too. "Now" is after a list-cache
    // lifetime: the same URLs read at once would be answered from that cache, as stale as before.
    await waitOutListCache();
    const again = await fetchPage(ctx, path, model, { ...ASC, "pagination.limit": "20" });
    const smallAgain = await fetchPage(ctx, path, model, { ...ASC, "pagination.limit": String(limit) });
    if (again.ok && smallAgain.ok) {
      if (smallAgain.page.items.length === Math.min(limit, again.page.items.length)) continue;
    }
    return fail(
      `pagination.limit=${limit} returned ${small.page.items.length} records, expected ${expected}`,
    );
  }
  return pass();
};

const chainLaw: Law = async (ctx, path, model) => {
  const walk = await traverse(
    ctx,
    path,
    model,
    { ...ASC, "pagination.limit": String(SMALL_LIMIT) },
    CHAIN_PAGES,
  );
  if ("fetchProblem" in walk) return fail(walk.fetchProblem);
  if (walk.problem) return fail(walk.problem);
  for (let i = 1; i < walk.pages.length; i++) {
    const before = (walk.pages[i - 1]?.items ?? []).map((r) => model.kind.order(r));
    const after = (walk.pages[i]?.items ?? []).map((r) => model.kind.order(r));
    const last = before.reduce((a, b) => (compareOrder(a, b) >= 0 ? a : b), before[0] ?? 0);
    const first = after.reduce((a, b) => (compareOrder(a, b) <= 0 ? a : b), after[0] ?? 0);
    if (before.length > 0 && after.length > 0 && compareOrder(last, first) > 0) {
      return fail(`page ${i + 1} starts before page ${i} ends (${String(first)} < ${String(last)})`);
    }
  }
  const one = await fetchPage(ctx, path, model, {
    ...ASC,
    "pagination.limit": String(Math.max(1, walk.ids.length)),
  });
  if (!one.ok) return fail(one.problem);
  // Page sizes belong to the `limit` law; compare what both requests cover.
  const n = Math.min(walk.ids.length, one.page.ids.length);
  const chained = new Set(walk.ids.slice(0, n));
  const missing = one.page.ids.slice(0, n).filter((id) => !chained.has(id));
  if (missing.length > 0)
    return fail(`next_key chaining skipped ${missing.length} record(s), e.g. ${missing[0]}`);
  return pass(`${walk.pages.length} page(s), ${walk.ids.length} record(s)`);
};

const orderLaw: Law = async (ctx, path, model) => {
  const limit = String(ORDER_LIMIT);
  const desc = await fetchPage(ctx, path, model, { "pagination.reverse": "true", "pagination.limit": limit });
  const asc = await fetchPage(ctx, path, model, { ...ASC, "pagination.limit": limit });
  const dflt = await fetchPage(ctx, path, model, { "pagination.limit": limit });
  for (const [name, r] of [
    ["reverse=true", desc],
    ["reverse=false", asc],
    ["default", dflt],
  ] as const) {
    if (!r.ok) return fail(`${name}: ${r.problem}`);
  }
  if (!desc.ok || !asc.ok || !dflt.ok) return fail("unreachable");
  const strict = model.kind.uniqueOrder;
  const order = (items: unknown[]) => items.map((r) => model.kind.order(r));
  const problem =
    orderViolation(order(desc.page.items), true, strict) ??
    orderViolation(order(asc.page.items), false, strict);
  if (problem) return fail(problem);
  const dfltProblem = orderViolation(order(dflt.page.items), true, strict);
  if (dfltProblem) return fail(`without pagination.reverse (default true): ${dfltProblem}`);
  const whole = desc.page.pagination.next_key === null && asc.page.pagination.next_key === null;
  // Compared on the records both reads saw: on a live chain a small set (a token's txs) may gain
  // one between the reads, which says nothing about order.
  const inAsc = new Set(asc.page.ids);
  const inDesc = new Set(desc.page.ids);
  const descCommon = desc.page.ids.filter((id) => inAsc.has(id));
  const ascCommon = asc.page.ids.filter((id) => inDesc.has(id));
  if (whole && descCommon.join() !== ascCommon.reverse().join()) {
    return fail("on a set that fits one page, reverse=true is not the mirror of reverse=false");
  }
  return pass();
};

const keyOffsetLaw: Law = async (ctx, path, model) => {
  const query = { ...ASC, "pagination.limit": String(SMALL_LIMIT) };
  const byOffset = await fetchPage(ctx, path, model, { ...query, "pagination.offset": String(SMALL_LIMIT) });
  const byKey = await fetchPage(ctx, path, model, { ...query, "pagination.key": offsetKey(SMALL_LIMIT) });
  if (!byOffset.ok) return fail(`pagination.offset: ${byOffset.problem}`);
  if (!byKey.ok) return fail(`pagination.key: ${byKey.problem}`);
  // In ascending order a live set grows at the end: a short last page read first may have gained
  // records by the second read, which is no disagreement between key and offset.
  const [shorter, longer] = [byOffset.page.ids, byKey.page.ids].sort((a, b) => a.length - b.length);
  const appended =
    shorter !== undefined &&
    longer !== undefined &&
    shorter.length < SMALL_LIMIT &&
    longer.slice(0, shorter.length).join() === shorter.join();
  if (byOffset.page.ids.join() !== byKey.page.ids.join() && !appended) {
    return fail(
      `offset=${SMALL_LIMIT} gave [${byOffset.page.ids}] but key=${offsetKey(SMALL_LIMIT)} gave [${byKey.page.ids}]`,
    );
  }
  return pass();
};

const totalLaw: Law = async (ctx, path, model, op) => {
  const first = await fetchPage(ctx, path, model, { ...ASC, "pagination.limit": "1" });
  if (!first.ok) return fail(first.problem);
  const before = totalOf(first.page);
  if (before === undefined)
    return fail(`total ${JSON.stringify(first.page.pagination.total)} is not a decimal string`);
  if (op.operationId === "listBlocks") {
    // The contract: /blocks' total is the latest indexed height, not a count.
    const newest = await fetchPage(ctx, path, model, { "pagination.limit": "1" });
    if (!newest.ok) return fail(newest.problem);
    const height = Number(model.kind.order(newest.page.items[0]));
    const total = totalOf(newest.page) ?? -1;
    return total >= height ? pass() : fail(`total ${total} is below the newest block's height ${height}`);
  }
  if (before > SMALL_SET) return skip(`set of ${before} records is too large to traverse`);
  // Read the total again with a URL no other law uses: response caches (the reference keeps lists
  // for 1 s) must not hand back a total older than the walk.
  const totalAfter = async () => {
    const r = await fetchPage(ctx, path, model, {
      ...ASC,
      "pagination.limit": "1",
      "pagination.count_total": "true",
    });
    return r.ok ? (totalOf(r.page) ?? before) : before;
  };
  const walkAndCount = async () => {
    const walked = await traverse(
      ctx,
      path,
      model,
      { ...ASC, "pagination.limit": String(TRAVERSAL_LIMIT) },
      4,
    );
    return { walked, total: await totalAfter() };
  };
  let { walked: walk, total: after } = await walkAndCount();
  if ("fetchProblem" in walk) return fail(walk.fetchProblem);
  // A page or total answered from such a cache can be up to one TTL older than `before` (other laws
  // read the same URLs first): a set that only grows looking smaller is that, so walk once more
  // after the TTL has passed.
  if (walk.ids.length > after || walk.ids.length < before || after < before) {
    await waitOutListCache();
    ({ walked: walk, total: after } = await walkAndCount());
    if ("fetchProblem" in walk) return fail(walk.fetchProblem);
  }
  // A live set may grow while it is walked: the count must lie between the totals around the walk.
  if (walk.ids.length < before || walk.ids.length > after) {
    return fail(
      `total says ${before === after ? before : `${before}..${after}`}, a full traversal found ${walk.ids.length}`,
    );
  }
  return pass(`${walk.ids.length} record(s)`);
};

const countTotalLaw: Law = async (ctx, path, model, op) => {
  const r = await fetchPage(ctx, path, model, { "pagination.count_total": "false", "pagination.limit": "1" });
  if (!r.ok) return fail(r.problem);
  const total = r.page.pagination.total;
  if (op.operationId === "listBlocks") {
    const height = r.page.items[0] === undefined ? 0 : Number(model.kind.order(r.page.items[0]));
    return (totalOf(r.page) ?? -1) >= height
      ? pass()
      : fail(`total ${total} is not the latest height (>= ${height})`);
  }
  if (op.operationId === "listRichList") {
    return /^\d+$/.test(total)
      ? pass("counted regardless, as documented")
      : fail(`total ${total} is not a count`);
  }
  return total === "0"
    ? pass()
    : fail(`with pagination.count_total=false total is ${JSON.stringify(total)}, expected "0"`);
};

const LAWS: { name: string; title: string; law: Law }[] = [
  { name: "limit", title: "honours pagination.limit", law: limitLaw },
  { name: "chain", title: "next_key chaining visits every record once, in order", law: chainLaw },
  { name: "order", title: "reverse flips the order; the default is newest first", law: orderLaw },
  { name: "key-offset", title: "pagination.key of an offset equals pagination.offset", law: keyOffsetLaw },
  { name: "total", title: "total equals a full traversal", law: totalLaw },
  { name: "count-total", title: "count_total=false is honoured", law: countTotalLaw },
  { name: "offset", title: "a page asked by offset is that slice of the list", law: offsetLaw },
  { name: "key-wins", title: "with both pagination.key and pagination.offset the key wins", law: keyWinsLaw },
  {
    name: "previous-key",
    title: "previous_key is the previous offset page's key, as documented",
    law: previousKeyLaw,
  },
];

/**
 * Laws that compare separate reads of one list. They hold for append-only lists, but a rich list
 * and the NFT lists are current state: balances move, tokens change owners, are minted and burned,
 * and new collections come first, so on a live chain two reads of them may rightly differ, whatever
 * their keys (offsets in the reference, cursors in Weft). (NFT txs are append-only, cursor-paged,
 * and keep every law.)
 */
const MUTABLE_LISTS = new Set([
  "listRichList",
  "listNftCollections",
  "listNftCollectionsByAccount",
  "listNftCollectionsByName",
  "listNftTokensByAccount",
  "listNftTokensByCollection",
]);
const ACROSS_READS = new Set(["chain", "order", "key-offset", "total"]);
export const MUTABLE_LIST_SKIP =
  "current state (balances, NFT owners and collections) moves every block: separate reads of a live chain may differ";

export function paginationChecks(contract: Contract): Check[] {
  return contract.operations.filter(isPaginated).flatMap((op) => {
    const model = listModel(contract, op);
    if (!model) return [];
    return LAWS.map(
      ({ name, title, law }): Check => ({
        id: `pagination.${name}.${op.operationId}`,
        class: classOf(op),
        kind: "pagination",
        title: `${op.operationId} ${title}`,
        operationId: op.operationId,
        requires: [op.operationId],
        run: (ctx) => {
          const { path, placeholders } = fillPath(op, ctx.discovery);
          if (placeholders.length > 0)
            return Promise.resolve(skip(`no ${placeholders.join(", ")} found on the deployment`));
          if (MUTABLE_LISTS.has(op.operationId) && ACROSS_READS.has(name))
            return Promise.resolve(skip(MUTABLE_LIST_SKIP));
          return law(ctx, path, model, op);
        },
      }),
    );
  });
}
