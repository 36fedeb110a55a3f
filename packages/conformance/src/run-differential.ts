/**
 * Differential mode: two deployments indexing the same chain answer the same requests, and every
 * answer is compared as JSON (status, keys and their order, types, values). Test data is discovered
 * on A; lists are compared record by record (matched by record id), each side following its own
 * `next_key` oldest first to the end of the list or the page cap. Differences an accepted-differences
 * entry matches stay in the report, marked accepted, but out of the verdict.
 */
import { type AcceptedDifference, createAcceptance } from "./accepted-differences.js";
import { classOf } from "./check.js";
import { type Contract, type ContractOperation, createContract } from "./contract.js";
import { type Difference, type DifferenceGroup, groupDifferences } from "./difference-groups.js";

export type { Difference };

import { discover, summarizeDiscovery } from "./discovery.js";
import { createProbe, type Exchange, type Probe, type Query } from "./http-probe.js";
import { diffJson, diffRecords, type JsonDifference } from "./json-diff.js";
import { type ListModel, listModel } from "./list-model.js";
import { fillPath, isPaginated } from "./operation-params.js";
import { runPool } from "./pool.js";
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from "./run-conformance.js";
import type { FeatureClass } from "./types.js";
import { isRecord } from "./wire.js";

/** Records per page asked of both sides when walking a list. */
export const DEFAULT_PAGE_RECORDS = 50;
/** Pages walked per list and side at most (so at most 1000 records per list with the default). */
export const DEFAULT_MAX_PAGES = 20;
/**
 * A response pair that differs is asked again once after this delay, and only differences seen both
 * times are kept: a live chain moving between the two sides' answers, or a list cache (~1 s in the
 * reference) still serving an older answer, is not a difference between the deployments.
 */
export const RECHECK_DELAY_MS = 1_100;

export interface DifferentialOptions {
  /** Base URL of the deployment the test data is discovered on (A). */
  indexerUrl: string;
  /** Base URL of the deployment compared with it (B). */
  compareUrl: string;
  /** Entries of the accepted-differences file. */
  accepted?: readonly AcceptedDifference[];
  /** Compare only operations of these feature classes. @default every indexer class */
  only?: FeatureClass | FeatureClass[];
  /** @default 4 */
  concurrency?: number;
  /** @default 10_000 */
  timeoutMs?: number;
  /** @default {@link DEFAULT_PAGE_RECORDS} */
  pageRecords?: number;
  /** @default {@link DEFAULT_MAX_PAGES} */
  maxPages?: number;
  /** @default {@link RECHECK_DELAY_MS} */
  recheckDelayMs?: number;
  fetch?: typeof fetch;
  contract?: Contract;
  /** Called after each compared request, for progress lines. */
  onCompared?: (compared: ComparedRequest, done: number, total: number) => void;
}

export interface ComparedRequest {
  operationId: string;
  class: FeatureClass;
  path: string;
  /** For lists: which way the list was asked ({@link listVariants}). */
  variant?: string;
  /** HTTP status of A and B (the first page for lists). */
  status: { a: number; b: number };
  /** Responses compared (pages of both sides for lists). */
  responses: number;
  /** For lists: records read on each side and whether the page cap ended the walk. */
  records?: { a: number; b: number; truncated: boolean };
  differences: Difference[];
}

export interface DifferentialReport {
  mode: "differential";
  indexerUrl: string;
  compareUrl: string;
  startedAt: string;
  durationMs: number;
  discovery: Record<string, unknown>;
  operations: { operationId: string; method: string; path: string; class: FeatureClass }[];
  compared: ComparedRequest[];
  summary: { requests: number; responses: number; differences: number; accepted: number };
  /**
   * Every difference of `compared` (accepted ones included), grouped by operation, place (array
   * indexes as `*`) and kind, with a count and one example: one entry per cause.
   */
  groups: DifferenceGroup[];
  /** No difference outside the accepted ones. */
  ok: boolean;
}

interface Side {
  status: number;
  /** The first page body (lists) or the body; undefined when not JSON. */
  json: unknown;
  mediaType: string;
  text: string;
  records?: unknown[];
  truncated?: boolean;
  /** A later page of a list that did not answer 200 with a page. */
  pageProblem?: { page: number; status: number };
  responses: number;
}

async function readSide(
  probe: Probe,
  path: string,
  pageQuery: Query,
  model: ListModel | undefined,
  maxPages: number,
): Promise<Side> {
  if (!model) {
    const res = await probe.get(path, pageQuery);
    return { ...bodyOf(res), responses: 1 };
  }
  const first = await probe.get(path, pageQuery);
  const side: Side = { ...bodyOf(first), responses: 1 };
  const items = isRecord(first.json) ? first.json[model.listKey] : undefined;
  if (first.status !== 200 || !Array.isArray(items)) return side;
  side.records = [...items];
  let next = nextKey(first.json);
  const seen = new Set<string>();
  while (next && side.responses < maxPages && !seen.has(next)) {
    seen.add(next);
    const res = await probe.get(path, { ...pageQuery, "pagination.key": next });
    side.responses += 1;
    const page = isRecord(res.json) ? res.json[model.listKey] : undefined;
    if (res.status !== 200 || !Array.isArray(page)) {
      side.pageProblem = { page: side.responses, status: res.status };
      return side;
    }
    side.records.push(...page);
    next = nextKey(res.json);
  }
  side.truncated = Boolean(next);
  return side;
}

const bodyOf = (res: Exchange) => ({
  status: res.status,
  json: res.json,
  mediaType: res.mediaType,
  text: res.error ?? res.text,
});

function nextKey(body: unknown): string | undefined {
  const p = isRecord(body) ? body.pagination : undefined;
  return isRecord(p) && typeof p.next_key === "string" && p.next_key !== "" ? p.next_key : undefined;
}

/** The page body without the records and without `next_key` (opaque, each side has its own). */
function envelope(body: unknown, listKey: string): unknown {
  if (!isRecord(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === listKey) continue;
    if (k === "pagination" && isRecord(v)) {
      const { next_key: _, ...rest } = v;
      out[k] = rest;
    } else out[k] = v;
  }
  return out;
}

/**
 * Both record lists up to the last record both list: after it, one side's walk was cut by the page
 * cap, or the chain grew between the walks (lists are read oldest first, a live chain grows at the
 * end). Lists with no record in common are compared whole.
 */
function commonRange(a: unknown[], b: unknown[], model: ListModel): [unknown[], unknown[]] {
  const idsB = new Map<string, number>();
  b.forEach((r, j) => {
    idsB.set(model.kind.id(r), j);
  });
  for (let i = a.length - 1; i >= 0; i--) {
    const j = idsB.get(model.kind.id(a[i]));
    if (j !== undefined) return [a.slice(0, i + 1), b.slice(0, j + 1)];
  }
  return [a, b];
}

function compareSides(a: Side, b: Side, model: ListModel | undefined): JsonDifference[] {
  if (a.status !== b.status)
    return [{ kind: "status", pointer: "", a: String(a.status), b: String(b.status) }];
  if (a.json === undefined || b.json === undefined) {
    if ((a.json === undefined) === (b.json === undefined)) return [];
    return [
      {
        kind: "type",
        pointer: "",
        a: a.json === undefined ? `${a.mediaType} text` : "JSON",
        b: b.json === undefined ? `${b.mediaType} text` : "JSON",
      },
    ];
  }
  if (!model || !a.records || !b.records) return diffJson(a.json, b.json);
  const out = diffJson(envelope(a.json, model.listKey), envelope(b.json, model.listKey));
  const [ra, rb] = commonRange(a.records, b.records, model);
  out.push(...diffRecords(model.listKey, ra, rb, model.kind.id));
  if (a.pageProblem?.status !== b.pageProblem?.status)
    out.push({
      kind: "status",
      pointer: `/${model.listKey}`,
      a: a.pageProblem ? `page ${a.pageProblem.page}: ${a.pageProblem.status}` : "every page 200",
      b: b.pageProblem ? `page ${b.pageProblem.page}: ${b.pageProblem.status}` : "every page 200",
    });
  return out;
}

/** One way of asking a list: its query and how many pages of it are walked. */
export interface ListVariant {
  name: string;
  query: Record<string, string>;
  pages: number;
}

/**
 * The ways each list is asked of both sides. The oldest-first walk reads the whole (bounded) list;
 * the others are what explorers and wallets send: the server's defaults (no pagination at all),
 * newest first, an offset page, no total, and each filter the operation takes, with values from
 * the discovery. A filter or default honoured differently shows up only when it is asked.
 */
export function listVariants(
  op: ContractOperation,
  discovery: Awaited<ReturnType<typeof discover>>,
  pageRecords: number,
  maxPages: number,
): ListVariant[] {
  const takes = (name: string) => op.parameters.some((p) => p.in === "query" && p.name === name);
  const variants: ListVariant[] = [
    {
      name: "oldest first, every page",
      query: { "pagination.limit": String(pageRecords), "pagination.reverse": "false" },
      pages: maxPages,
    },
    { name: "server defaults", query: {}, pages: 1 },
    { name: "newest first", query: { "pagination.limit": "5", "pagination.reverse": "true" }, pages: 3 },
    { name: "offset page", query: { "pagination.limit": "5", "pagination.offset": "3" }, pages: 1 },
    { name: "no total", query: { "pagination.limit": "5", "pagination.count_total": "false" }, pages: 1 },
  ];
  const filtered = (name: string, query: Record<string, string>) =>
    variants.push({ name, query: { ...query, "pagination.limit": "20" }, pages: 3 });
  if (takes("is_signer")) filtered("is_signer=true", { is_signer: "true" });
  const [msgType] = discovery.msgTypes;
  if (takes("msgs") && msgType) filtered(`msgs=${msgType}`, { msgs: msgType });
  if (takes("collection_addr") && discovery.nft)
    filtered("collection_addr", { collection_addr: discovery.nft.collectionAddr });
  if (takes("token_id") && discovery.nft?.tokenId) filtered("token_id", { token_id: discovery.nft.tokenId });
  if (takes("order_by")) filtered("order_by=height", { order_by: "height" });
  return variants;
}

interface DiffRequest {
  op: ContractOperation;
  path: string;
  query: Record<string, string>;
  variant: string | undefined;
  pages: number;
}

/** The GET requests compared: every indexer operation, path parameters from the discovery. */
function requestsOf(
  contract: Contract,
  discovery: Awaited<ReturnType<typeof discover>>,
  pageRecords: number,
  maxPages: number,
  only?: Set<FeatureClass>,
): DiffRequest[] {
  return contract.operations
    .filter((op) => op.method === "get" && classOf(op) !== "router" && (!only || only.has(classOf(op))))
    .filter((op) => !/\btext\/plain\b/.test(Object.keys(op.responses["200"] ?? {}).join(",")))
    .flatMap((op): DiffRequest[] => {
      const query: Record<string, string> = {};
      for (const p of op.parameters.filter((x) => x.in === "query" && x.required))
        query[p.name] = String(p.example ?? "");
      const path = fillPath(op, discovery).path;
      if (!isPaginated(op)) return [{ op, path, query, variant: undefined, pages: 1 }];
      return listVariants(op, discovery, pageRecords, maxPages).map((v) => ({
        op,
        path,
        query: { ...query, ...v.query },
        variant: v.name,
        pages: v.pages,
      }));
    });
}

const placeKey = (d: JsonDifference) => `${d.kind} ${d.pointer}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Compares two deployments.
 * @returns the report; `report.ok` is false when a difference is not accepted. Never throws for a
 *   misbehaving deployment (an unreachable side is a status 0 difference).
 */
export async function runDifferential(options: DifferentialOptions): Promise<DifferentialReport> {
  const started = Date.now();
  const contract = options.contract ?? createContract();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const probeA = createProbe({ baseUrl: options.indexerUrl, timeoutMs, fetch: fetchImpl });
  const probeB = createProbe({ baseUrl: options.compareUrl, timeoutMs, fetch: fetchImpl });
  const pageRecords = options.pageRecords ?? DEFAULT_PAGE_RECORDS;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const recheckDelayMs = options.recheckDelayMs ?? RECHECK_DELAY_MS;
  const accept = createAcceptance(options.accepted ?? []);
  const only = options.only === undefined ? undefined : new Set([options.only].flat());
  const discovery = await discover(probeA);
  const requests = requestsOf(contract, discovery, pageRecords, maxPages, only);
  const compared: (ComparedRequest & { index: number })[] = [];
  const compareOne = async ({ op, path, query, variant, pages }: DiffRequest): Promise<ComparedRequest> => {
    const model = isPaginated(op) ? listModel(contract, op) : undefined;
    const read = () =>
      Promise.all([readSide(probeA, path, query, model, pages), readSide(probeB, path, query, model, pages)]);
    let [a, b] = await read();
    let diffs = compareSides(a, b, model);
    let responses = a.responses + b.responses;
    if (diffs.length > 0) {
      await sleep(recheckDelayMs);
      const first = new Set(diffs.map(placeKey));
      [a, b] = await read();
      responses += a.responses + b.responses;
      diffs = compareSides(a, b, model).filter((d) => first.has(placeKey(d)));
    }
    const shownPath = `${path}${Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ""}`;
    return {
      operationId: op.operationId,
      class: classOf(op),
      path: shownPath,
      ...(variant ? { variant } : {}),
      status: { a: a.status, b: b.status },
      responses,
      ...(a.records && b.records
        ? {
            records: {
              a: a.records.length,
              b: b.records.length,
              truncated: Boolean(a.truncated || b.truncated),
            },
          }
        : {}),
      differences: diffs.map((d) => {
        const entry = accept({ operationId: op.operationId, path, pointer: d.pointer, kind: d.kind });
        return {
          ...d,
          operationId: op.operationId,
          path: shownPath,
          ...(entry ? { accepted: { reason: entry.reason } } : {}),
        };
      }),
    };
  };
  const indexed = requests.map((r, index) => ({ ...r, index }));
  await runPool(indexed, options.concurrency ?? DEFAULT_CONCURRENCY, async (request) => {
    const result = await compareOne(request);
    compared.push({ ...result, index: request.index });
    options.onCompared?.(result, compared.length, requests.length);
  });
  compared.sort((x, y) => x.index - y.index);
  for (const c of compared) Reflect.deleteProperty(c, "index");
  const all = compared.flatMap((c) => c.differences);
  const accepted = all.filter((d) => d.accepted).length;
  const operations = [...new Map(requests.map(({ op }) => [op.operationId, op])).values()].map((op) => ({
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    class: classOf(op),
  }));
  return {
    mode: "differential",
    indexerUrl: options.indexerUrl,
    compareUrl: options.compareUrl,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    discovery: summarizeDiscovery(discovery),
    operations,
    compared,
    summary: {
      requests: compared.length,
      responses: compared.reduce((n, c) => n + c.responses, 0),
      differences: all.length - accepted,
      accepted,
    },
    groups: groupDifferences(all, operations),
    ok: all.length === accepted,
  };
}
