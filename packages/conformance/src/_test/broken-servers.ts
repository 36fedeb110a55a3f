/**
 * Deliberately broken deployments: each breaks exactly one rule of the contract, and names the one
 * check that must fail because of it (every other check must still pass).
 */
import { type Handler, json, type ProxyRequest, type Reply } from "./broken-proxy.js";

export interface BrokenVariant {
  name: string;
  /** The only check id expected to fail. */
  fails: string;
  handle: Handler;
}

export type Body = Record<string, unknown> & { pagination?: Record<string, unknown> };
const BLOCKS = "/indexer/block/v1/blocks";
const b64 = (text: string) => Buffer.from(text).toString("base64");

/** Forwards; when the path matches and the answer is a 200, rewrites its JSON body. */
export function rewrite(path: RegExp, edit: (body: Body, req: ProxyRequest) => Body | undefined): Handler {
  return async (req) => {
    const reply = await req.forward();
    if (req.method !== "GET" || !path.test(req.url.pathname) || reply.status !== 200) return reply;
    return json(200, edit(JSON.parse(reply.body) as Body, req) ?? JSON.parse(reply.body));
  };
}

/** Forwards with the query changed when the path matches. */
export function requery(path: RegExp, edit: (q: URLSearchParams) => void): Handler {
  return (req) => {
    if (!path.test(req.url.pathname)) return req.forward();
    const url = new URL(req.url);
    edit(url.searchParams);
    return req.forward(url);
  };
}

export const param = (req: ProxyRequest, name: string) => req.url.searchParams.get(name);
export const reply = (status: number, contentType: string, body: string): Reply => ({
  status,
  contentType,
  body,
});

/** The first variants: coarse contract, negative, pagination, filter, consistency and method faults. */
export const CORE_VARIANTS: BrokenVariant[] = [
  {
    name: "wrong type: avg_block_time as a string",
    fails: "contract.getAvgBlockTime",
    handle: rewrite(/avg_blocktime$/, (b) => ({ ...b, avg_block_time: String(b.avg_block_time) })),
  },
  {
    name: "missing key: /status without chain_id",
    fails: "contract.getStatus",
    handle: rewrite(/^\/status$/, ({ chain_id: _, ...rest }) => rest),
  },
  {
    name: "wrong content type on /ready",
    fails: "contract.getReady",
    handle: async (req) => {
      const r = await req.forward();
      return req.url.pathname === "/ready" && r.status === 200 ? { ...r, contentType: "text/plain" } : r;
    },
  },
  {
    name: "500 on a malformed pagination.key of /blocks",
    fails: "negative.listBlocks.pagination.key.malformed-base64",
    handle: (req) =>
      req.url.pathname === BLOCKS && /[^A-Za-z0-9+/=]/.test(param(req, "pagination.key") ?? "")
        ? Promise.resolve(json(500, { code: 2, message: "internal server error", details: [] }))
        : req.forward(),
  },
  {
    name: "200 on pagination.limit=1001 of /txs (clamped instead of refused)",
    fails: "negative.listTxs.pagination.limit.above-maximum",
    handle: requery(/^\/indexer\/tx\/v1\/txs$/, (q) => {
      if (Number(q.get("pagination.limit")) > 1000) q.set("pagination.limit", "1000");
    }),
  },
  {
    name: "plain-text 400 for a negative offset of /txs",
    fails: "negative.listTxs.pagination.offset.below-minimum",
    handle: (req) =>
      req.url.pathname === "/indexer/tx/v1/txs" && Number(param(req, "pagination.offset")) < 0
        ? Promise.resolve(reply(400, "text/plain; charset=utf-8", "pagination.offset cannot be negative"))
        : req.forward(),
  },
  {
    name: "record repeated across pages of /blocks (next_key one record early)",
    fails: "pagination.chain.listBlocks",
    handle: rewrite(/^\/indexer\/block\/v1\/blocks$/, (b, req) => {
      const blocks = b.blocks as { height: string }[];
      const last = blocks.at(-1);
      if (!last || !b.pagination?.next_key || param(req, "pagination.reverse") !== "false") return b;
      return {
        ...b,
        pagination: { ...b.pagination, next_key: b64(`{"height":${Number(last.height) - 1}}`) },
      };
    }),
  },
  {
    name: "next_key cycles on /txs/by_account (a keyed page points back at itself)",
    fails: "pagination.chain.listTxsByAccount",
    handle: rewrite(/\/txs\/by_account\//, (b, req) => {
      const key = param(req, "pagination.key");
      return key && b.pagination?.next_key ? { ...b, pagination: { ...b.pagination, next_key: key } } : b;
    }),
  },
  {
    name: "ignored pagination.limit on /txs/by_height",
    fails: "pagination.limit.listTxsByHeight",
    handle: requery(/\/txs\/by_height\//, (q) => {
      const limit = Number(q.get("pagination.limit"));
      if (Number.isInteger(limit) && limit >= 1 && limit <= 1000) q.delete("pagination.limit");
    }),
  },
  {
    name: "wrong order with reverse=false on /blocks (each page newest first)",
    fails: "pagination.order.listBlocks",
    handle: rewrite(/^\/indexer\/block\/v1\/blocks$/, (b, req) =>
      param(req, "pagination.reverse") === "false"
        ? { ...b, blocks: [...(b.blocks as unknown[])].reverse() }
        : b,
    ),
  },
  {
    name: "default order oldest first on /txs (reverse defaults to false)",
    fails: "pagination.order.listTxs",
    handle: requery(/^\/indexer\/tx\/v1\/txs$/, (q) => {
      if (!q.has("pagination.reverse")) q.set("pagination.reverse", "false");
    }),
  },
  {
    name: "a decimal pagination.key is ignored on /blocks",
    fails: "pagination.key-offset.listBlocks",
    handle: requery(/^\/indexer\/block\/v1\/blocks$/, (q) => {
      const key = q.get("pagination.key");
      if (key && /^\d+$/.test(Buffer.from(key, "base64").toString())) q.delete("pagination.key");
    }),
  },
  {
    name: "wrong total on /txs/by_height (one too many)",
    fails: "pagination.total.listTxsByHeight",
    handle: rewrite(/\/txs\/by_height\//, (b) =>
      b.pagination?.total === "0"
        ? b
        : { ...b, pagination: { ...b.pagination, total: String(Number(b.pagination?.total) + 1) } },
    ),
  },
  {
    name: "count_total=false ignored on /txs/by_account",
    fails: "pagination.count-total.listTxsByAccount",
    handle: requery(/\/txs\/by_account\//, (q) => {
      if (q.get("pagination.count_total") === "false") q.delete("pagination.count_total");
    }),
  },
  {
    name: "filter leak: is_signer=true ignored on /txs/by_account",
    fails: "filter.is-signer.listTxsByAccount",
    handle: requery(/\/txs\/by_account\//, (q) => q.delete("is_signer")),
  },
  {
    name: "block single differs from its list entry (hash)",
    fails: "consistency.block-single",
    handle: rewrite(/^\/indexer\/block\/v1\/blocks\/\d+$/, (b) => ({
      block: { ...(b.block as object), hash: "F".repeat(64) },
    })),
  },
  {
    name: "tx single differs from its list entry (gas_used)",
    fails: "consistency.tx-single",
    handle: rewrite(/^\/indexer\/tx\/v1\/txs\/[0-9A-Fa-fx]{64,66}$/, (b) => ({
      tx: { ...(b.tx as object), gas_used: "1" },
    })),
  },
  {
    name: "status height behind the newest block",
    fails: "consistency.status-height",
    handle: rewrite(/^\/status$/, (b) => ({ ...b, height: Math.max(0, Number(b.height) - 10) })),
  },
  {
    name: "tx_count of every block one too high",
    fails: "consistency.tx-count",
    handle: rewrite(/^\/indexer\/block\/v1\/blocks(\/\d+)?$/, (b) => {
      const bump = (x: unknown) => ({
        ...(x as object),
        tx_count: String(Number((x as { tx_count: string }).tx_count) + 1),
      });
      return b.block ? { block: bump(b.block) } : { ...b, blocks: (b.blocks as unknown[]).map(bump) };
    }),
  },
  {
    name: "404 instead of 405 for POST /status",
    fails: "method.getStatus",
    handle: (req) =>
      req.method === "POST" && req.url.pathname === "/status"
        ? Promise.resolve(json(404, { code: 5, message: "no route for POST /status", details: [] }))
        : req.forward(),
  },
];
