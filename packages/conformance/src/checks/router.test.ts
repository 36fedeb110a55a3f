import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWeftDev, type WeftDev } from "../_test/weft-dev.js";
import { createProbe } from "../http-probe.js";
import { runConformance } from "../run-conformance.js";
import { type ChainInfo, freshHash, txKindProblem } from "./router.js";
import { statusProblems } from "./router-status-rules.js";
import { findTransfer, type TrackTarget } from "./router-tracking.js";

const chains: ChainInfo[] = [
  { chain_id: "rollup-1", bech32_prefix: "init", chain_type: "cosmos" },
  { chain_id: "1", bech32_prefix: "", chain_type: "evm" },
];

describe("txs on a cosmos-typed chain are cosmos_tx", () => {
  it("refuses an evm_tx on a cosmos-typed chain (a minievm rollup as /v2/info/chains lists it)", () => {
    expect(
      txKindProblem(chains, [
        { cosmos_tx: { chain_id: "1" }, operations_indices: [0] },
        { evm_tx: { chain_id: "rollup-1" }, operations_indices: [1] },
      ]),
    ).toBe("txs[1] is on rollup-1, a cosmos-typed chain, but is not a cosmos_tx");
  });

  it("accepts cosmos_tx on cosmos chains and evm_tx on evm chains", () => {
    expect(
      txKindProblem(chains, [
        { cosmos_tx: { chain_id: "rollup-1" }, operations_indices: [0] },
        { evm_tx: { chain_id: "1" }, operations_indices: [1] },
      ]),
    ).toBeUndefined();
  });
});

// biome-ignore lint/suspicious/noExplicitAny: synthetic wire bodies, edited freely by the broken variants.
type Json = any;
const L1 = "weft-devnet-1";
const ROLLUP = "weft-evm-1";

/** A transfer L1 -> rollup over IBC at one of its stages, as the contract shapes it. */
function transferStatus(hash: string, stage: "submitted" | "pending" | "completed"): Json {
  const tx = (chain_id: string, tx_hash: string) => ({
    chain_id,
    tx_hash,
    explorer_link: `https://explorer.example/${chain_id}/txs/${tx_hash}`,
    on_chain_at: "2026-11-25T01:00:00.000Z",
  });
  const sequence =
    stage === "submitted"
      ? []
      : [
          {
            ibc_transfer: {
              from_chain_id: L1,
              to_chain_id: ROLLUP,
              src_chain_id: L1,
              dst_chain_id: ROLLUP,
              state: stage === "pending" ? "TRANSFER_PENDING" : "TRANSFER_SUCCESS",
              packet_txs: {
                send_tx: tx(L1, hash),
                receive_tx: stage === "completed" ? tx(ROLLUP, "B".repeat(64)) : null,
                acknowledge_tx: stage === "completed" ? tx(L1, "C".repeat(64)) : null,
                timeout_tx: null,
                error: null,
              },
            },
          },
        ];
  const transfer = {
    state: { submitted: "STATE_SUBMITTED", pending: "STATE_PENDING", completed: "STATE_COMPLETED_SUCCESS" }[
      stage
    ],
    transfer_sequence: sequence,
    next_blocking_transfer: stage === "pending" ? { transfer_sequence_index: 0 } : null,
    transfer_asset_release:
      stage === "completed" ? { chain_id: ROLLUP, denom: "ibc/AB", amount: "5", released: true } : null,
    error: null,
  };
  const status = { submitted: "STATE_SUBMITTED", pending: "STATE_PENDING", completed: "STATE_COMPLETED" }[
    stage
  ];
  return { status, ...transfer, transfers: [transfer] };
}

describe("statusProblems", () => {
  const hash = "A".repeat(64);
  it("accepts every stage of a well-formed transfer", () => {
    for (const stage of ["submitted", "pending", "completed"] as const)
      expect(statusProblems(transferStatus(hash, stage), L1, hash)).toEqual([]);
  });
  it("names a lower-case state, a status that disagrees with its state, and a hop state outside its enum", () => {
    const body = transferStatus(hash, "completed");
    body.state = "state_completed_success";
    body.transfers[0].transfer_sequence[0].ibc_transfer.state = "TRANSFER_COMPLETED";
    expect(statusProblems(body, L1, hash)).toEqual(
      expect.arrayContaining([
        "status STATE_COMPLETED disagrees with state state_completed_success",
        expect.stringMatching(/^state "state_completed_success" is not one of STATE_SUBMITTED/),
        expect.stringMatching(
          /^transfers\[0\]\.transfer_sequence\[0\]\.ibc_transfer\.state "TRANSFER_COMPLETED"/,
        ),
        "the top-level state is not a copy of transfers[0].state",
      ]),
    );
  });
  it("names a failure without an error, a blocking hop once terminal, and one past the sequence", () => {
    const body = transferStatus(hash, "pending");
    expect(
      statusProblems({ ...body, next_blocking_transfer: { transfer_sequence_index: 1 } }, L1, hash),
    ).toContain("next_blocking_transfer 1 is past the 1 hop(s)");
    const abandoned = { ...body, status: "STATE_FAILED", state: "STATE_ABANDONED" };
    abandoned.transfers = [{ ...body.transfers[0], state: "STATE_ABANDONED" }];
    expect(statusProblems(abandoned, L1, hash)).toEqual([
      "next_blocking_transfer must be null once STATE_ABANDONED",
      "error must explain STATE_ABANDONED",
      "transfers[0].next_blocking_transfer must be null once STATE_ABANDONED",
      "transfers[0].error must explain STATE_ABANDONED",
    ]);
  });
  it("names a first hop from another chain, a send_tx that is not the tracked tx, and a relative explorer link", () => {
    const body = transferStatus(hash, "completed");
    const hop = body.transfer_sequence[0].ibc_transfer;
    hop.packet_txs.send_tx.tx_hash = "D".repeat(64);
    hop.packet_txs.receive_tx.explorer_link = "/txs/B";
    expect(statusProblems(body, ROLLUP, hash)).toEqual([
      `transfer_sequence[0].ibc_transfer.from_chain_id ${L1} is not the tracked chain ${ROLLUP}`,
      'transfer_sequence[0].ibc_transfer.packet_txs.receive_tx: explorer_link "/txs/B" is neither "" nor an absolute http(s) URL',
      `transfer_sequence[0] send_tx ${"D".repeat(64)} is not the tracked tx ${hash}`,
      `transfers[0].transfer_sequence[0].ibc_transfer.from_chain_id ${L1} is not the tracked chain ${ROLLUP}`,
      'transfers[0].transfer_sequence[0].ibc_transfer.packet_txs.receive_tx: explorer_link "/txs/B" is neither "" nor an absolute http(s) URL',
      `transfers[0].transfer_sequence[0] send_tx ${"D".repeat(64)} is not the tracked tx ${hash}`,
    ]);
  });
});

describe("findTransfer (the transfer to follow, found on the indexer)", () => {
  const indexer = (txsByType: Record<string, unknown[]>) => {
    const asked: string[] = [];
    const probe = createProbe({
      baseUrl: "http://indexer.test",
      timeoutMs: 1_000,
      fetch: async (input) => {
        const url = new URL(String(input));
        asked.push(url.searchParams.get("msgs") ?? "");
        const txs = txsByType[url.searchParams.get("msgs") ?? ""] ?? [];
        return new Response(JSON.stringify({ txs }), { headers: { "content-type": "application/json" } });
      },
    });
    return { probe, asked };
  };

  it("takes the newest successful tx of the first transfer type present, asking by the msgs filter", async () => {
    const { probe, asked } = indexer({
      "opinit.ophost.v1.MsgInitiateTokenDeposit": [
        { txhash: "F".repeat(64), code: 5 },
        { txhash: "E".repeat(64), code: 0 },
      ],
    });
    expect(await findTransfer(probe, "l1-1")).toEqual({ txHash: "E".repeat(64), chainId: "l1-1" });
    expect(asked).toEqual([
      "ibc.applications.transfer.v1.MsgTransfer",
      "opinit.ophost.v1.MsgInitiateTokenDeposit",
    ]);
  });

  it("says why when there is none, or no chain id to track it on", async () => {
    expect(await findTransfer(indexer({}).probe, "l1-1")).toEqual({
      why: "no IBC or OPinit transfer tx (ibc.applications.transfer.v1.MsgTransfer, opinit.ophost.v1.MsgInitiateTokenDeposit) found on l1-1",
    });
    expect(await findTransfer(indexer({}).probe, undefined)).toEqual({
      why: "the indexer's /status names no chain_id",
    });
  });
});

/**
 * A router that breaks one rule, as a fetch in front of a real `weft dev`: `handle` answers a
 * request itself (a Response) or lets it through (undefined).
 */
type Handle = (
  req: { method: string; url: URL; body: Json },
  forward: () => Promise<Response>,
) => Promise<Response | undefined>;
const brokenFetch =
  (handle: Handle): typeof fetch =>
  async (input, init) => {
    const url = new URL(String(input));
    const forward = () => fetch(input, init);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    return (await handle({ method: init?.method ?? "GET", url, body }, forward)) ?? forward();
  };
const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
/** Rewrites the JSON of a 200 from `path`. */
const rewrite =
  (path: string, edit: (body: Json, req: { url: URL; body: Json }) => Json): Handle =>
  async (req, forward) => {
    if (req.url.pathname !== path) return undefined;
    const res = await forward();
    return res.status === 200 ? reply(200, edit(await res.json(), req)) : res;
  };

/** Serves the status of `target` as a transfer moving one stage per poll (`stages` from the last on). */
function following(target: TrackTarget, stages: Json[]): Handle {
  let polls = 0;
  return async (req) => {
    if (req.url.pathname !== "/v2/tx/status" || req.url.searchParams.get("tx_hash") !== target.txHash)
      return undefined;
    return reply(200, stages[Math.min(polls++, stages.length - 1)]);
  };
}
const lifecycle = (hash: string) => [
  transferStatus(hash, "submitted"),
  transferStatus(hash, "pending"),
  transferStatus(hash, "completed"),
];

let weft: WeftDev;
beforeAll(async () => {
  weft = await startWeftDev();
}, 120_000);
afterAll(async () => {
  await weft?.stop();
});

async function routerFailures(handle: Handle, trackTx?: TrackTarget): Promise<string[]> {
  const report = await runConformance({
    indexerUrl: weft.url,
    routerUrl: weft.url,
    only: "router",
    concurrency: 8,
    fetch: brokenFetch(handle),
    tracking: { timeoutMs: 1_500, pollMs: 20, ...(trackTx ? { trackTx } : {}) },
  });
  return report.results.filter((r) => r.status === "fail").map((r) => `${r.id}: ${r.reason}`);
}

const VARIANTS: { name: string; fails: string; handle: Handle }[] = [
  {
    name: "status states in lower case (an enum printed by its name)",
    fails: "router.track-fresh",
    handle: rewrite("/v2/tx/status", (b) => ({
      ...b,
      status: b.status.toLowerCase(),
      state: b.state.toLowerCase(),
      transfers: b.transfers.map((t: Json) => ({ ...t, state: t.state.toLowerCase() })),
    })),
  },
  {
    name: "500 on track for a chain the registry lacks (the lookup throws)",
    fails: "router.track-unknown-chain",
    handle: async (req) =>
      req.url.pathname === "/v2/tx/track" && /^conformance-/.test(req.body?.chain_id)
        ? reply(500, { code: 2, message: "internal server error", details: [] })
        : undefined,
  },
  {
    name: "a well-formed unknown id in chain_ids silently dropped by /v2/info/chains",
    fails: "router.chains-unknown-id",
    handle: async (req) => {
      const ids = req.url.searchParams.get("chain_ids");
      if (req.url.pathname !== "/v2/info/chains" || !ids || !/^[\w.,-]+$/.test(ids)) return undefined;
      const known = ids.split(",").filter((id) => !id.startsWith("conformance-"));
      const url = new URL(req.url);
      if (known.length > 0) url.searchParams.set("chain_ids", known.join(","));
      else url.searchParams.delete("chain_ids");
      const res = await fetch(url);
      const body = await res.json();
      return reply(res.status, known.length > 0 ? body : { chains: [] });
    },
  },
  {
    name: "a hash tracked twice is a 409 (a unique index surfacing)",
    fails: "router.track-fresh",
    handle: (() => {
      const tracked = new Set<string>();
      return async (req: { url: URL; body: Json }) => {
        if (req.url.pathname !== "/v2/tx/track") return undefined;
        const hash = String(req.body?.tx_hash).toUpperCase();
        if (!tracked.has(hash)) {
          tracked.add(hash);
          return undefined;
        }
        return reply(409, { code: 6, message: "already tracked", details: [] });
      };
    })(),
  },
  {
    name: "500 on a well-formed route to a chain the registry lacks (amounts validated, the chain lookup throws)",
    fails: "router.route-unknown-chain",
    handle: async (req) =>
      req.url.pathname === "/v2/fungible/route" &&
      /^\d+$/.test(req.body?.amount_in ?? "") &&
      /^conformance-/.test(req.body?.dest_asset_chain_id)
        ? reply(500, { code: 2, message: "internal server error", details: [] })
        : undefined,
  },
  {
    name: "track takes any hash (no hex check: the tracker never finds it)",
    fails: "router.malformed",
    handle: async (req) =>
      req.method === "POST" &&
      req.url.pathname === "/v2/tx/track" &&
      typeof req.body?.tx_hash === "string" &&
      !/^(0x)?[0-9a-fA-F]{64}$/.test(req.body.tx_hash)
        ? reply(200, { tx_hash: req.body.tx_hash.toUpperCase(), explorer_link: "" })
        : undefined,
  },
  {
    name: "status looks the hash up as given (a lower-case or 0x hash is not found)",
    fails: "router.track-fresh",
    handle: async (req) =>
      req.url.pathname === "/v2/tx/status" && /[a-fx]/.test(req.url.searchParams.get("tx_hash") ?? "")
        ? reply(404, { code: 5, message: "tx not found", details: [] })
        : undefined,
  },
  {
    name: "status of an untracked hash on an unknown chain is a 400 Invalid chain_id, not a 404",
    fails: "router.track-unknown-chain",
    handle: async (req) =>
      req.url.pathname === "/v2/tx/status" && /^conformance-/.test(req.url.searchParams.get("chain_id") ?? "")
        ? reply(400, { code: 3, message: "Invalid chain_id", details: [] })
        : undefined,
  },
];

/** Variants of Skip's convenience endpoints (checks/router-convenience.ts). */
VARIANTS.push(
  {
    name: "msgs_direct answers its route over another channel than /v2/fungible/route's",
    fails: "router.msgs-direct",
    handle: rewrite("/v2/fungible/msgs_direct", (b) => ({
      ...b,
      route: {
        ...b.route,
        operations: b.route.operations.map((o: Json) =>
          o.transfer ? { ...o, transfer: { ...o.transfer, channel: "channel-99" } } : o,
        ),
      },
    })),
  },
  {
    name: "venues names a chain /v2/info/chains does not list",
    fails: "router.venues",
    handle: rewrite("/v2/fungible/venues", (b) => ({
      venues: [...b.venues, { name: "phantom-dex", chain_id: "nowhere-1", logo_uri: "" }],
    })),
  },
  {
    name: "recommend_assets answers 200 with an empty entry for an unknown dest chain",
    fails: "router.recommend-assets",
    handle: async (req) =>
      req.url.pathname === "/v2/fungible/recommend_assets" &&
      /^conformance-/.test(req.body?.requests?.[0]?.dest_chain_id)
        ? reply(200, {
            recommendation_entries: [{ recommendations: [], error: { message: "unknown chain" } }],
          })
        : undefined,
  },
);

describe("broken routers in front of a real `weft dev`: each fails exactly its law", () => {
  it("the router checks pass against weft dev itself", async () => {
    expect(await routerFailures(async () => undefined)).toEqual([]);
  }, 30_000);

  it.each(VARIANTS)(
    "$name: only $fails fails",
    async ({ fails, handle }) => {
      const failed = await routerFailures(handle);
      expect(failed.filter((f) => !f.startsWith(`${fails}:`))).toEqual([]);
      expect(failed.length).toBe(1);
    },
    30_000,
  );
});

/** A transfer followed through --track-tx (weft dev tracks the hash; its status is served here). */
const FOLLOW_VARIANTS: { name: string; stages: (hash: string) => Json[] }[] = [
  {
    name: "a hop's receive_tx on the sending chain",
    stages: (hash) => {
      const s = lifecycle(hash);
      for (const t of [s[2], s[2].transfers[0]])
        t.transfer_sequence[0].ibc_transfer.packet_txs.receive_tx.chain_id = L1;
      return s;
    },
  },
  {
    name: "a hop state in lower case once received",
    stages: (hash) => {
      const s = lifecycle(hash);
      for (const t of [s[2], s[2].transfers[0]])
        t.transfer_sequence[0].ibc_transfer.state = "transfer_success";
      return s;
    },
  },
  {
    name: "STATE_COMPLETED_SUCCESS without saying where the funds are",
    stages: (hash) => {
      const s = lifecycle(hash);
      s[2].transfer_asset_release = null;
      s[2].transfers[0].transfer_asset_release = null;
      return s;
    },
  },
  {
    name: "never terminal: stuck at STATE_PENDING",
    stages: (hash) => lifecycle(hash).slice(0, 2),
  },
  {
    name: "the deprecated top-level transfer_sequence lags behind transfers[0]",
    stages: (hash) => {
      const s = lifecycle(hash);
      s[2].transfer_sequence = s[1].transfer_sequence;
      return s;
    },
  },
];

describe("following a transfer to its end (--track-tx)", () => {
  it("passes for a transfer going submitted -> pending -> completed as documented", async () => {
    const target = { txHash: freshHash(), chainId: L1 };
    expect(await routerFailures(following(target, lifecycle(target.txHash)), target)).toEqual([]);
  }, 30_000);

  it.each(FOLLOW_VARIANTS)(
    "$name: only router.follow-transfer fails",
    async ({ stages }) => {
      const target = { txHash: freshHash(), chainId: L1 };
      const failed = await routerFailures(following(target, stages(target.txHash)), target);
      expect(failed.filter((f) => !f.startsWith("router.follow-transfer:"))).toEqual([]);
      expect(failed.length).toBe(1);
    },
    30_000,
  );
});
