/**
 * The msgs union law on a live chain: a block committed between its reads puts a tx in a later
 * read and not an earlier one, which is not a broken filter (it once failed CI that way).
 */
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../check.js";
import type { ContractOperation } from "../contract.js";
import type { Exchange, Probe, Query } from "../http-probe.js";
import type { ListModel } from "../list-model.js";
import { knownMsgsDefect, msgsUnionLaw } from "./filter-laws.js";
import { totalAgainstWalk } from "./page-reader.js";

const A = "cosmos.bank.v1beta1.MsgSend";
const B = "initia.move.v1.MsgExecute";
const OTHER = "cosmos.staking.v1beta1.MsgDelegate";
// One tx per height, A B OTHER OTHER over and over (the rarest types of the first read are A and B);
// long enough to keep growing through both of the law's attempts.
const CHAIN = Array.from({ length: 40 }, (_, i) => [A, B, OTHER, OTHER][i % 4] as string).map((type, i) => ({
  txhash: `TX${i + 1}`,
  height: String(i + 1),
  tx: { body: { messages: [{ "@type": `/${type}` }] } },
}));

const model: ListModel = {
  listKey: "txs",
  kindName: "tx-response",
  kind: {
    id: (r) => (r as { txhash: string }).txhash,
    order: (r) => Number((r as { height: string }).height),
    uniqueOrder: false,
  },
};

/** A GET-only probe answering through `get`. */
function probeOf(get: (path: string, query?: Query) => Promise<Exchange>): Probe {
  const probe: Probe = {
    get,
    request: (_method, path, query) => get(path, query),
    post: () => Promise.reject(new Error("not used")),
    withListener: () => probe,
  };
  return probe;
}

/**
 * A txs list over CHAIN whose head moves three blocks after every request, filtering by `msgs` as
 * `union` says (OR, as the contract has it, or AND, a broken server).
 */
function liveProbe(union: "or" | "and"): Probe {
  let head = 4;
  const get = async (_path: string, query: Query = {}): Promise<Exchange> => {
    const raw = query.msgs;
    const types = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((m) => m.split(","));
    const seen = CHAIN.slice(0, head);
    head += 3;
    const visible = seen.filter((tx) => {
      if (types.length === 0) return true;
      const has = (t: string) => tx.tx.body.messages.some((m) => m["@type"] === `/${t}`);
      return union === "or" ? types.some(has) : types.every(has);
    });
    const json = { txs: visible, pagination: { next_key: null, total: String(visible.length) } };
    return {
      method: "GET",
      url: "",
      status: 200,
      mediaType: "application/json",
      contentType: "application/json",
      text: JSON.stringify(json),
      json,
      durationMs: 0,
      headers: new Headers(),
    };
  };
  return probeOf(get);
}

const context = (probe: Probe) =>
  ({ probe, profile: "strict", discovery: { msgTypes: [] } }) as unknown as CheckContext;
const op = { operationId: "listTxs" } as ContractOperation;

describe("filter.msgs-union on a live chain", () => {
  it("passes when blocks land between its reads", async () => {
    const outcome = await msgsUnionLaw(context(liveProbe("or")), op, model, "/indexer/tx/v1/txs");
    expect(outcome).toMatchObject({ status: "pass" });
  });

  it("still fails a server that reads two types as AND", async () => {
    const outcome = await msgsUnionLaw(context(liveProbe("and")), op, model, "/indexer/tx/v1/txs");
    expect(outcome.status).toBe("fail");
    expect(JSON.stringify(outcome)).toContain("is not the union of");
  });
});

/**
 * A txs/by_height list of three txs as the reference answers it: a next_key on every non-empty page
 * (its last too), and a 500 for a msgs filter once a page key bounds the sequence (`keyed`), or for
 * every request (`always`).
 */
function byHeightProbe(fails: "keyed" | "always"): Probe {
  const txs = CHAIN.slice(0, 3);
  const get = async (_path: string, query: Query = {}): Promise<Exchange> => {
    const broken = fails === "always" || query["pagination.key"] !== undefined;
    const limit = Number(query["pagination.limit"] ?? 100);
    const json = { txs: txs.slice(0, limit), pagination: { next_key: "eyJzZXF1ZW5jZSI6MX0=", total: "3" } };
    return {
      method: "GET",
      url: "",
      status: broken ? 500 : 200,
      mediaType: broken ? "text/plain" : "application/json",
      contentType: broken ? "text/plain; charset=utf-8" : "application/json",
      text: broken ? "Internal Server Error" : JSON.stringify(json),
      json: broken ? undefined : json,
      durationMs: 0,
      headers: new Headers(),
    };
  };
  return probeOf(get);
}

/** What the filtered-total law reports of such a list: the reader's own wording. */
async function walkProblem(fails: "keyed" | "always"): Promise<string> {
  const r = await totalAgainstWalk(context(byHeightProbe(fails)), {
    path: "/indexer/tx/v1/txs/by_height/7",
    model,
    query: { msgs: OTHER },
    maxRecords: 2_000,
  });
  if (!("ok" in r) || r.ok) throw new Error(`expected a problem, got ${JSON.stringify(r)}`);
  return r.problem;
}

describe("the reference's msgs defect (an ambiguous sequence column, a 500)", () => {
  const opOf = (operationId: string) => ({ operationId }) as ContractOperation;

  it("is every msgs filter of txs/by_account", async () => {
    expect(knownMsgsDefect(opOf("listTxsByAccount"), "msgs", await walkProblem("always"))).toBe(true);
  });

  it("is a txs/by_height msgs filter past its first page only (the page key bounds the sequence)", async () => {
    const page2 = await walkProblem("keyed");
    expect(page2).toMatch(/^page 2: expected 200, got 500/);
    expect(knownMsgsDefect(opOf("listTxsByHeight"), "msgs", page2)).toBe(true);
    expect(knownMsgsDefect(opOf("listTxsByHeight"), "msgs", page2.replace("page 2", "page 12"))).toBe(true);
    expect(knownMsgsDefect(opOf("listTxsByHeight"), "msgs", await walkProblem("always"))).toBe(false);
  });

  it("is nothing else: another list, another filter, another status", async () => {
    const page2 = await walkProblem("keyed");
    expect(knownMsgsDefect(opOf("listTxs"), "msgs", page2)).toBe(false);
    expect(knownMsgsDefect(opOf("listTxsByHeight"), "is_signer", page2)).toBe(false);
    expect(knownMsgsDefect(opOf("listTxsByHeight"), "msgs", page2.replace("got 500", "got 400"))).toBe(false);
  });
});
