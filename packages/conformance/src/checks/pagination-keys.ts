/**
 * Pagination laws of where a page starts and what it points back to (issue 25, pagination
 * semantics), for every list, the current-state ones (rich list, NFT lists) included: a
 * disagreement between reads is read again after a cache lifetime before it counts.
 * - `offset`: a page asked by `pagination.offset` is that slice of one whole read.
 * - `key-wins`: with both `pagination.key` (an offset key, or the list's cursor) and
 *   `pagination.offset`, the key decides (the contract: "a key replaces pagination.offset").
 * - `previous-key`: `previous_key` as the pagination schema documents it, per kind of list.
 */
import { fail, pass } from "../check.js";
import { compareOrder } from "../list-model.js";
import type { Outcome } from "../types.js";
import type { Law } from "./list-law.js";
import { fetchPage, offsetKey, type Page, waitOutListCache } from "./page-reader.js";

const ASC = { "pagination.reverse": "false" };
/** Tries of the `offset` law at a moment when the list holds still between two reads. */
const OFFSET_ATTEMPTS = 4;
/** Records of the page the `offset` law asks for: more than one, so its start and span both show. */
const SMALL_LIMIT = 2;

/** Reads until `same` holds, once more after a cache lifetime with URLs no earlier read used. */
async function settled(read: (fresh: Record<string, string>) => Promise<Outcome>): Promise<Outcome> {
  const first = await read({});
  if (first.status !== "fail") return first;
  await waitOutListCache();
  return read({ "pagination.count_total": "true" });
}

/**
 * With both `pagination.key` and `pagination.offset`, the key decides where the page starts (the
 * contract: "a key replaces pagination.offset"), for an offset key and for the list's own cursor.
 */
export const keyWinsLaw: Law = async (ctx, path, model) =>
  settled(async (fresh) => {
    const base = { ...ASC, ...fresh, "pagination.limit": "1" };
    const first = await fetchPage(ctx, path, model, base);
    if (!first.ok) return fail(first.problem);
    const keys: [string, string][] = [["offset key", offsetKey(1)]];
    const cursor = first.page.pagination.next_key;
    if (cursor && !/^\d+$/.test(Buffer.from(cursor, "base64").toString())) keys.push(["next_key", cursor]);
    // An offset key that is not honoured at all is the `key-offset` law's failure, not this one's.
    const atOne = await fetchPage(ctx, path, model, { ...base, "pagination.offset": "1" });
    if (!atOne.ok) return fail(`pagination.offset=1: ${atOne.problem}`);
    for (const [name, key] of keys) {
      const alone = await fetchPage(ctx, path, model, { ...base, "pagination.key": key });
      if (name === "offset key" && alone.ok && alone.page.ids.join() !== atOne.page.ids.join()) continue;
      const both = await fetchPage(ctx, path, model, {
        ...base,
        "pagination.key": key,
        "pagination.offset": "2",
      });
      if (!alone.ok) return fail(`${name} alone: ${alone.problem}`);
      if (!both.ok) return fail(`${name} with pagination.offset=2: ${both.problem}`);
      if (alone.page.ids.join() !== both.page.ids.join())
        return fail(
          `${name} ${key} gives [${alone.page.ids}], with pagination.offset=2 added [${both.page.ids}]: the key must win`,
        );
    }
    return pass(keys.map(([name]) => name).join(", "));
  });

/**
 * Limits no recent read asked for, per path: a response cache (the reference's holds the rich list
 * 10 s) answers a repeated URL with the list as it was, which beside a fresh page of a live list (a
 * new holder at the low end shifts every position) makes a right page look shifted or a shifted one
 * right. Each path starts at a random point, so a second run of the suite does not repeat the first's.
 */
const readsByPath = new Map<string, number>();
function unusedLimit(path: string, base: number, span: number): string {
  const n = readsByPath.get(path) ?? Math.floor(Math.random() * span);
  readsByPath.set(path, n + 1);
  return String(base + (n % span));
}

/**
 * A page asked by `pagination.offset` is the slice of a whole read at that offset. The whole list is
 * read before and after the page, under URLs never asked before; a list that moved between the two
 * is read again (a few times) rather than judged.
 */
export const offsetLaw: Law = async (ctx, path, model) => {
  const ids = (p: Page) =>
    model.kind.uniqueOrder
      ? [...p.items].sort((a, b) => compareOrder(model.kind.order(a), model.kind.order(b))).map(model.kind.id)
      : p.ids;
  let moved = "";
  for (let attempt = 0; attempt < OFFSET_ATTEMPTS; attempt++) {
    const wholeQuery = () => ({ ...ASC, "pagination.limit": unusedLimit(`${path}#whole`, 800, 200) });
    const before = await fetchPage(ctx, path, model, wholeQuery());
    const page = await fetchPage(ctx, path, model, {
      ...ASC,
      "pagination.limit": unusedLimit(`${path}#page`, SMALL_LIMIT, 200),
      "pagination.offset": "1",
    });
    const after = await fetchPage(ctx, path, model, wholeQuery());
    if (!before.ok) return fail(before.problem);
    if (!page.ok) return fail(`pagination.offset=1: ${page.problem}`);
    if (!after.ok) return fail(after.problem);
    const whole = ids(before.page);
    if (whole.join() !== ids(after.page).join()) {
      moved = `the list moved between two whole reads ${OFFSET_ATTEMPTS} times`;
      continue;
    }
    // Where a page starts is judged here; its size and its order are the `limit` and `order` laws'
    // (records of a unique order value are compared sorted by it).
    const got = ids(page.page);
    const slice = whole.slice(1, 1 + Math.max(1, got.length));
    return got.join() === slice.join()
      ? pass(`${whole.length} record(s)`)
      : fail(
          `pagination.offset=1&limit=${got.length} gave [${page.page.ids}], the whole list (read before and after it) has [${slice}] there`,
        );
  }
  return pass(moved);
};

/** Lists that, like the reference (offset-paged there), give an offset page its `previous_key`. */
const OFFSET_PAGED_KINDS = new Set(["nft-collection", "nft-token", "rich-list-holder"]);

/**
 * `previous_key` (the contract's pagination schema): on a page asked by offset k with limit n <= k,
 * base64 of k - n on the NFT collection and token lists and the rich list, null on tx and block
 * lists (on an empty one the reference's offset key is accepted too); null on a page asked by the
 * list's own cursor. An offset key asks by offset too.
 */
export const previousKeyLaw: Law = async (ctx, path, model, _op) => {
  const byOffset = OFFSET_PAGED_KINDS.has(model.kindName);
  const expected = byOffset ? offsetKey(1) : null;
  const base = { ...ASC, "pagination.limit": "1" };
  const first = await fetchPage(ctx, path, model, base);
  if (!first.ok) return fail(first.problem);
  const asks: [string, Record<string, string>, string | null][] = [
    ["pagination.offset=2", { "pagination.offset": "2" }, expected],
    [`pagination.key=${offsetKey(2)} (offset 2)`, { "pagination.key": offsetKey(2) }, expected],
    ["the first page", {}, null],
  ];
  const cursor = first.page.pagination.next_key;
  if (cursor && !/^\d+$/.test(Buffer.from(cursor, "base64").toString()))
    asks.push(["its next_key (a cursor)", { "pagination.key": cursor }, null]);
  for (const [name, query, want] of asks) {
    const r =
      Object.keys(query).length === 0 ? first : await fetchPage(ctx, path, model, { ...base, ...query });
    if (!r.ok) return fail(`${name}: ${r.problem}`);
    const got = r.page.pagination.previous_key;
    // An empty page of a cursor-paged list is answered the offset way by the reference (its early
    // exits), with the offset's previous_key: either is accepted there.
    const emptyOffsetPage = !byOffset && r.page.items.length === 0 && got === offsetKey(1) && want === null;
    if (got !== want && !(emptyOffsetPage && name !== "the first page"))
      return fail(
        `previous_key of the page asked by ${name} (limit 1) is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`,
      );
  }
  return pass(byOffset ? "offset pages point back" : "null, as on every tx and block list");
};
