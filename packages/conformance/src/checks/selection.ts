/**
 * Exactness of a selection, from single reads and cross-reads (no oracle):
 * - `selection.height.<op>`: every record of every page of a `by_height/{h}` list has height h,
 *   keyed pages included, and every record the unselected list holds at h is there.
 * - `selection.order.<op>`: a `by_height/{h}` list read oldest first gives the block's records in
 *   the order the unselected list (paged by the indexing sequence: height, then position in the
 *   block) gives them; EVM txs also by `transactionIndex`.
 * - `selection.order.listRichList`: holders by amount, largest first by default, smallest first
 *   with reverse=false (one read each: balances move, so only a page's own order is compared; the
 *   tie-break by holder compares raw addresses, which bech32 text does not keep in order).
 */
import { type Check, type CheckContext, classOf, fail, pass, skip } from "../check.js";
import type { Contract, ContractOperation } from "../contract.js";
import { type ListModel, listModel, orderViolation } from "../list-model.js";
import { fillPath } from "../operation-params.js";
import type { Outcome } from "../types.js";
import { isRecord } from "../wire.js";
import { fetchPage, type Page, traverse } from "./page-reader.js";

const BY_HEIGHT = "/by_height/{height}";
/** Records of the unselected list read to find a height and its records (newest first). */
const RECENT = "1000";
/** Pages the walk of a height is split into (and read beyond, to see a list run past its end). */
const WALK_SPLIT = 3;
const WALK_PAGES = WALK_SPLIT + 3;
const ASC = { "pagination.reverse": "false" };

interface HeightSample {
  height: string;
  /** The records of that height in the unselected list, oldest first (ids). */
  ids: string[];
}

/**
 * A settled height with the most records among the newest the unselected list holds (not the
 * newest: its records may still be being written), and those records in indexing order.
 */
async function sampleHeight(
  ctx: CheckContext,
  unselected: string,
  model: ListModel,
): Promise<HeightSample | { problem: string } | undefined> {
  const r = await fetchPage(ctx, unselected, model, {
    "pagination.reverse": "true",
    "pagination.limit": RECENT,
  });
  if (!r.ok) return { problem: `${unselected}: ${r.problem}` };
  const byHeight = new Map<string, string[]>();
  for (const record of r.page.items) {
    const h = String(model.kind.order(record));
    byHeight.set(h, [...(byHeight.get(h) ?? []), model.kind.id(record)]);
  }
  const heights = [...byHeight.keys()];
  // The oldest height of the read may be cut by the limit; the newest may be incomplete.
  const settled = heights.slice(1, r.page.pagination.next_key === null ? undefined : -1);
  // The height with the most records, so the one-record walk crosses keyed pages (a height of
  // one record has none); among equals, the block discovery chose for /txs, which other laws read.
  const wanted = unselected.endsWith("/txs") ? ctx.discovery.txBlock?.height : undefined;
  const count = (h: string) => byHeight.get(h)?.length ?? 0;
  const height = settled.sort(
    (a, b) => count(b) - count(a) || Number(b === wanted) - Number(a === wanted),
  )[0];
  if (height === undefined) return undefined;
  return { height, ids: [...(byHeight.get(height) ?? [])].reverse() };
}

type Law = (
  ctx: CheckContext,
  op: ContractOperation,
  model: ListModel,
  sample: HeightSample,
) => Promise<Outcome>;

const heightLaw: Law = async (ctx, op, model, sample) => {
  const path = fillPath(op, ctx.discovery, { height: sample.height }).path;
  // A few keyed pages whose last one ends at the height's end, however many records it has: a
  // list that runs past the height does so there (a fixed limit of 1 never reached the end of a
  // height of 8 records within the pages read).
  const limit = Math.max(1, Math.ceil(sample.ids.length / WALK_SPLIT));
  const walk = await traverse(ctx, path, model, { ...ASC, "pagination.limit": String(limit) }, WALK_PAGES);
  if ("fetchProblem" in walk) return fail(walk.fetchProblem);
  const newest = await fetchPage(ctx, path, model, { "pagination.limit": RECENT });
  if (!newest.ok) return fail(`reverse=true: ${newest.problem}`);
  const pages: [string, Page][] = [
    ...walk.pages.map((p, i): [string, Page] => [`page ${i + 1} (limit ${limit})`, p]),
    ["a whole newest-first page", newest.page],
  ];
  for (const [where, page] of pages) {
    const stray = page.items.find((r) => String(model.kind.order(r)) !== sample.height);
    if (stray !== undefined)
      return fail(
        `${where} of by_height/${sample.height} holds ${model.kind.id(stray)} of height ${String(model.kind.order(stray))}`,
      );
  }
  const listed = new Set(newest.page.ids);
  const missing = sample.ids.filter((id) => !listed.has(id));
  if (missing.length > 0)
    return fail(
      `by_height/${sample.height} lacks ${missing.length} record(s) the unselected list has at that height, e.g. ${missing[0]}`,
    );
  return pass(`${newest.page.ids.length} record(s) at ${sample.height}`);
};

const hex = (value: unknown) =>
  typeof value === "string" && /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value, 16) : Number.NaN;

const orderLaw: Law = async (ctx, op, model, sample) => {
  const path = fillPath(op, ctx.discovery, { height: sample.height }).path;
  const r = await fetchPage(ctx, path, model, { ...ASC, "pagination.limit": RECENT });
  if (!r.ok) return fail(r.problem);
  if (r.page.items.some((x) => isRecord(x) && "transactionIndex" in x)) {
    const problem = orderViolation(
      r.page.items.map((x) => hex(isRecord(x) ? x.transactionIndex : undefined)),
      false,
      true,
    );
    if (problem) return fail(`by transactionIndex, ${problem}`);
  }
  const known = new Set(sample.ids);
  const own = r.page.ids.filter((id) => known.has(id));
  const theirs = sample.ids.filter((id) => own.includes(id));
  if (own.join() !== theirs.join())
    return fail(
      `by_height/${sample.height} (reverse=false) gives [${own.join(", ")}], the unselected list's order at that height is [${theirs.join(", ")}]`,
    );
  return pass(`${own.length} record(s) in block order`);
};

const LAWS: { name: string; title: string; law: Law }[] = [
  { name: "height", title: "every record is of the height asked, and all of them", law: heightLaw },
  { name: "order", title: "a height's records come in block order", law: orderLaw },
];

function byHeightChecks(contract: Contract): Check[] {
  return contract.operations
    .filter((op) => op.path.endsWith(BY_HEIGHT))
    .flatMap((op) => {
      const model = listModel(contract, op);
      const unselected = contract.operations.find((o) => o.path === op.path.slice(0, -BY_HEIGHT.length));
      if (!model || !unselected) return [];
      return LAWS.map(
        ({ name, title, law }): Check => ({
          id: `selection.${name}.${op.operationId}`,
          class: classOf(op),
          kind: "consistency",
          title: `${op.operationId}: ${title}`,
          operationId: op.operationId,
          requires: [op.operationId, unselected.operationId],
          run: async (ctx) => {
            const sample = await sampleHeight(ctx, unselected.path, model);
            if (sample === undefined) return skip(`no settled height with records in ${unselected.path}`);
            if ("problem" in sample) return fail(sample.problem);
            return law(ctx, op, model, sample);
          },
        }),
      );
    });
}

async function richListOrder(ctx: CheckContext, op: ContractOperation, model: ListModel): Promise<Outcome> {
  const { path, placeholders } = fillPath(op, ctx.discovery);
  if (placeholders.length > 0) return skip(`no ${placeholders.join(", ")} found on the deployment`);
  for (const [name, query, descending] of [
    ["default", {}, true],
    ["reverse=true", { "pagination.reverse": "true" }, true],
    ["reverse=false", ASC, false],
  ] as const) {
    const r = await fetchPage(ctx, path, model, { ...query, "pagination.limit": RECENT });
    if (!r.ok) return fail(`${name}: ${r.problem}`);
    const problem = orderViolation(
      r.page.items.map((x) => model.kind.order(x)),
      descending,
      false,
    );
    if (problem) return fail(`${name}: by amount, ${problem}`);
  }
  return pass();
}

export function selectionChecks(contract: Contract): Check[] {
  const rich = contract.operations.find((op) => op.operationId === "listRichList");
  const richModel = rich && listModel(contract, rich);
  return [
    ...byHeightChecks(contract),
    ...(rich && richModel
      ? [
          {
            id: "selection.order.listRichList",
            class: classOf(rich),
            kind: "consistency",
            title: "listRichList: holders by amount, largest first unless reverse=false",
            operationId: rich.operationId,
            requires: [rich.operationId],
            run: (ctx) => richListOrder(ctx, rich, richModel),
          } satisfies Check,
        ]
      : []),
  ];
}
