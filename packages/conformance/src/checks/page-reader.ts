/**
 * Fetching one page of a list operation for the pagination and filter laws. A response that is not
 * a readable page is reported as the law's failure, with what was wrong.
 */

import type { Pagination } from "@weft/spec/schemas";
import { type CheckContext, describe } from "../check.js";
import type { Query } from "../http-probe.js";
import type { ListModel } from "../list-model.js";
import { readPage } from "../wire.js";

export interface Page {
  items: unknown[];
  ids: string[];
  pagination: Pagination;
}

export type PageResult = { ok: true; page: Page } | { ok: false; problem: string };

export async function fetchPage(
  ctx: CheckContext,
  path: string,
  model: ListModel,
  query: Query,
): Promise<PageResult> {
  const res = await ctx.probe.get(path, query);
  if (res.status !== 200) return { ok: false, problem: `expected 200, got ${describe(res)}` };
  const read = readPage(res.json, model.listKey);
  if ("problem" in read) return { ok: false, problem: read.problem };
  return { ok: true, page: { ...read, ids: read.items.map((r) => model.kind.id(r)) } };
}

/** base64 of a decimal offset: the key form every list accepts (spec: `pagination.key`). */
export const offsetKey = (offset: number): string => Buffer.from(String(offset)).toString("base64");

/** `total` as a number, or undefined when it is not a decimal string. */
export function totalOf(page: Page): number | undefined {
  const total = page.pagination.total as unknown;
  return typeof total === "string" && /^-?\d+$/.test(total) ? Number(total) : undefined;
}

export interface Traversal {
  ids: string[];
  pages: Page[];
  /** Why the walk is not a valid next_key chain (cycle, repeated record, empty page after a key). */
  problem?: string;
}

/**
 * Follows `next_key` from the first page until it is null (or `maxPages`). Records seen twice and
 * keys seen twice (a cycle) end the walk with a problem.
 */
export async function traverse(
  ctx: CheckContext,
  path: string,
  model: ListModel,
  query: Query,
  maxPages: number,
): Promise<Traversal | { fetchProblem: string }> {
  const seenKeys = new Set<string>();
  const seenIds = new Map<string, number>();
  const out: Traversal = { ids: [], pages: [] };
  let key: string | undefined;
  for (let n = 0; n < maxPages; n++) {
    const result = await fetchPage(ctx, path, model, { ...query, ...(key ? { "pagination.key": key } : {}) });
    if (!result.ok) return { fetchProblem: `page ${n + 1}: ${result.problem}` };
    const { page } = result;
    out.pages.push(page);
    for (const id of page.ids) {
      const first = seenIds.get(id);
      if (first !== undefined) {
        out.problem = `record ${id} appears on page ${first + 1} and again on page ${n + 1}`;
        return out;
      }
      seenIds.set(id, n);
      out.ids.push(id);
    }
    const next = page.pagination.next_key;
    if (next === null || next === undefined || page.items.length === 0) {
      if (key && page.items.length === 0 && ctx.profile === "strict") {
        out.problem = `page ${n + 1} is empty although the previous page gave a next_key (the last page must have next_key null)`;
      }
      return out;
    }
    if (next === "" || seenKeys.has(next)) {
      out.problem =
        next === ""
          ? `page ${n + 1} has next_key "" (null expected)`
          : `next_key ${next} on page ${n + 1} was already followed: a cycle`;
      return out;
    }
    seenKeys.add(next);
    key = next;
  }
  return out;
}

/** Longest list-cache lifetime expected of a deployment (the reference: 1 s). */
export const CACHE_TTL_MS = 1_100;

/** Waits out a list cache's lifetime: the next read of any URL is answered anew. */
export const waitOutListCache = () => new Promise((resolve) => setTimeout(resolve, CACHE_TTL_MS));

/**
 * `total` of a query against a full traversal of it: the walk's count must lie between the totals
 * read before and after it (a live set may grow meanwhile). The total after is read with a URL no
 * other law uses (`count_total=true` spelled out), so a list cache cannot hand back an older one;
 * a mismatch is read once more after a cache lifetime before it counts.
 */
export async function totalAgainstWalk(
  ctx: CheckContext,
  options: { path: string; model: ListModel; query: Query; maxRecords: number },
): Promise<{ ok: true; count: number } | { ok: false; problem: string } | { skip: string }> {
  const { path, model, query } = options;
  const readTotal = async (extra: Query) => {
    const r = await fetchPage(ctx, path, model, { ...query, ...extra, "pagination.limit": "1" });
    if (!r.ok) return r.problem;
    return totalOf(r.page) ?? `total ${JSON.stringify(r.page.pagination.total)} is not a decimal string`;
  };
  let problem = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await waitOutListCache();
    const before = await readTotal({});
    if (typeof before === "string") return { ok: false, problem: before };
    // "-1": the count gave up (the reference's 5 s count timeout); nothing to compare.
    if (before < 0) return { skip: "total not counted (-1)" };
    if (before > options.maxRecords) {
      // Too many to walk, unless the set really fits one page (a total counting other records).
      const one = await fetchPage(ctx, path, model, { ...query, "pagination.limit": "1000" });
      if (!one.ok) return { ok: false, problem: one.problem };
      if (one.page.pagination.next_key !== null)
        return { skip: `${before} records are too many to traverse` };
      return {
        ok: false,
        problem: `total says ${before}, the whole set is one page of ${one.page.items.length}`,
      };
    }
    const walk = await traverse(ctx, path, model, { ...query, "pagination.limit": "1000" }, 4);
    if ("fetchProblem" in walk) return { ok: false, problem: walk.fetchProblem };
    const after = await readTotal({ "pagination.count_total": "true" });
    if (typeof after === "string") return { ok: false, problem: after };
    if (after < 0) return { skip: "total not counted (-1)" };
    const count = walk.ids.length;
    if (count >= Math.min(before, after) && count <= Math.max(before, after)) return { ok: true, count };
    problem = `total says ${before === after ? before : `${before}..${after}`}, a full traversal found ${count}`;
  }
  return { ok: false, problem };
}
