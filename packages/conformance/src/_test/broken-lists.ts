/**
 * Broken servers of list semantics: filters honoured in part, pagination semantics, the exactness of
 * a selection (issue 25 kinds 1-3). Each breaks one rule and names the one check that must fail.
 */
import { type Handler, json, type ProxyRequest, type Reply } from "./broken-proxy.js";
import { type Body, type BrokenVariant, param, requery, rewrite } from "./broken-servers.js";

const TXS = /^\/indexer\/tx\/v1\/txs$/;
const TXS_BY_HEIGHT = /^\/indexer\/tx\/v1\/txs\/by_height\/\d+$/;
const TXS_BY_ACCOUNT = /^\/indexer\/tx\/v1\/txs\/by_account\//;
const TOKENS_BY_COLLECTION = /^\/indexer\/nft\/v1\/tokens\/by_collection\//;
const TOKENS_BY_ACCOUNT = /^\/indexer\/nft\/v1\/tokens\/by_account\//;
const COLLECTIONS = /^\/indexer\/nft\/v1\/collections$/;
const RICH_LIST = /^\/indexer\/richlist\/v1\//;

const b64 = (text: string) => Buffer.from(text).toString("base64");
const unb64 = (key: string | null) => (key ? Buffer.from(key, "base64").toString() : "");
const msgTypes = (tx: unknown): string[] =>
  ((tx as { tx?: { body?: { messages?: { "@type"?: string }[] } } }).tx?.body?.messages ?? []).map((m) =>
    String(m["@type"] ?? "").replace(/^\//, ""),
  );
const tokenId = (record: unknown) => String((record as { nft?: { token_id?: string } }).nft?.token_id ?? "");

/** The offset a request asks for (a decimal key wins over pagination.offset), or undefined for a cursor. */
function askedOffset(req: ProxyRequest): number | undefined {
  const key = param(req, "pagination.key");
  if (key) return /^\d+$/.test(unb64(key)) ? Number(unb64(key)) : undefined;
  return Number(param(req, "pagination.offset") ?? 0);
}

/**
 * A server that sorts a list itself, wrongly but consistently: it reads the whole selection, sorts
 * it (descending by default, as the list is), and serves offset slices of it with offset keys, so
 * pages chain and agree with each other; only the order is wrong. Cursor requests pass through.
 */
function sortedWrongly(path: RegExp, listKey: string, compare: (a: unknown, b: unknown) => number): Handler {
  return async (req) => {
    const offset = askedOffset(req);
    if (req.method !== "GET" || !path.test(req.url.pathname) || offset === undefined) return req.forward();
    const original = await req.forward();
    if (original.status !== 200) return original;
    const whole = new URL(req.url);
    for (const name of ["pagination.key", "pagination.offset"]) whole.searchParams.delete(name);
    whole.searchParams.set("pagination.limit", "1000");
    whole.searchParams.set("pagination.reverse", "false");
    const oldestFirst = (JSON.parse((await req.forward(whole)).body) as Body)[listKey] as unknown[];
    // Where `compare` happens to agree with the right order (two txs whose gas grows with their
    // index), the fault would not show: the server then sorts the other way round. Either way the
    // two directions stay mirrors of each other, as the `order` law wants.
    let wrong = [...oldestFirst].sort(compare);
    if (wrong.every((item, i) => item === oldestFirst[i])) wrong = [...oldestFirst].reverse();
    const descending = param(req, "pagination.reverse") !== "false";
    const sorted = descending ? wrong.reverse() : wrong;
    const limit = Number(param(req, "pagination.limit") ?? 100);
    const body = JSON.parse(original.body) as Body;
    return json(200, {
      ...body,
      [listKey]: sorted.slice(offset, offset + limit),
      pagination: {
        ...body.pagination,
        next_key: offset + limit < sorted.length ? b64(String(offset + limit)) : null,
      },
    });
  };
}

const gasUsed = (tx: unknown) => Number((tx as { gas_used?: string }).gas_used ?? 0);

/**
 * The NFT tokens from the asked token id on, as one page: `token_id` taken for where the list
 * starts (as in a `{"token_id":..}` cursor) instead of an exact match.
 */
async function tokensFrom(req: ProxyRequest): Promise<Reply> {
  const id = param(req, "token_id") ?? "";
  if (!TOKENS_BY_COLLECTION.test(req.url.pathname) || !/^\w+$/.test(id)) return req.forward();
  const unfiltered = new URL(req.url);
  for (const name of ["token_id", "pagination.key", "pagination.offset"])
    unfiltered.searchParams.delete(name);
  unfiltered.searchParams.set("pagination.limit", "1000");
  const r = await req.forward(unfiltered);
  if (r.status !== 200) return r;
  const body = JSON.parse(r.body) as Body;
  const matches = (body.tokens as unknown[]).filter((t) => tokenId(t) >= id);
  const limit = Number(param(req, "pagination.limit") ?? 100);
  return json(200, {
    tokens: matches.slice(0, limit),
    pagination: {
      previous_key: null,
      next_key: matches.length > limit ? b64(String(limit)) : null,
      total: String(matches.length),
    },
  });
}

export const LIST_VARIANTS: BrokenVariant[] = [
  {
    name: "msgs with two types on /txs selects txs holding both (AND, not OR)",
    fails: "filter.msgs-union.listTxs",
    handle: rewrite(TXS, (b, req) => {
      const types = [...new Set(req.url.searchParams.getAll("msgs").flatMap((m) => m.split(",")))];
      if (types.length < 2) return b;
      return { ...b, txs: (b.txs as unknown[]).filter((tx) => types.every((t) => msgTypes(tx).includes(t))) };
    }),
  },
  {
    name: "total under is_signer=true on /txs/by_account counts only the page",
    fails: "filter.total.listTxsByAccount",
    handle: rewrite(TXS_BY_ACCOUNT, (b, req) =>
      param(req, "is_signer") === "true"
        ? { ...b, pagination: { ...b.pagination, total: String((b.txs as unknown[]).length) } }
        : b,
    ),
  },
  {
    name: "token_id on /tokens/by_collection read as where the list starts",
    fails: "filter.token-id.listNftTokensByCollection",
    handle: tokensFrom,
  },
  {
    name: "collection_addr on /tokens/by_account forgotten when reading oldest first",
    fails: "filter.collection-addr.listNftTokensByAccount",
    handle: requery(TOKENS_BY_ACCOUNT, (q) => {
      if (q.get("pagination.reverse") === "false") q.delete("collection_addr");
    }),
  },
  {
    name: "pagination.reverse=false ignored under order_by=height on /tokens/by_collection",
    fails: "filter.order-by.listNftTokensByCollection",
    handle: requery(TOKENS_BY_COLLECTION, (q) => {
      if ((q.get("order_by") ?? "").trim().toLowerCase() === "height") q.delete("pagination.reverse");
    }),
  },
  {
    name: "pagination.offset of the rich list read as a page number",
    fails: "pagination.offset.listRichList",
    handle: async (req) => {
      const offset = Number(param(req, "pagination.offset") ?? 0);
      if (!RICH_LIST.test(req.url.pathname) || param(req, "pagination.key") || !(offset > 0))
        return req.forward();
      const original = await req.forward();
      const paged = new URL(req.url);
      paged.searchParams.set(
        "pagination.offset",
        String(offset * Number(param(req, "pagination.limit") ?? 100)),
      );
      const shifted = await req.forward(paged);
      if (original.status !== 200 || shifted.status !== 200) return original;
      const body = JSON.parse(original.body) as Body;
      return json(200, { ...body, holders: (JSON.parse(shifted.body) as Body).holders });
    },
  },
  {
    name: "an offset key plus pagination.offset on /txs skips both",
    fails: "pagination.key-wins.listTxs",
    handle: requery(TXS, (q) => {
      const key = unb64(q.get("pagination.key"));
      const offset = Number(q.get("pagination.offset") ?? 0);
      if (!/^\d+$/.test(key) || !(offset > 0)) return;
      q.set("pagination.key", b64(String(Number(key) + offset)));
      q.delete("pagination.offset");
    }),
  },
  {
    name: "previous_key of /collections names the page itself, not the one before",
    fails: "pagination.previous-key.listNftCollections",
    handle: rewrite(COLLECTIONS, (b, req) => {
      const offset = askedOffset(req);
      return b.pagination?.previous_key && offset !== undefined
        ? { ...b, pagination: { ...b.pagination, previous_key: b64(String(offset)) } }
        : b;
    }),
  },
  {
    name: "a cursor page of /txs/by_height runs on past the height",
    fails: "selection.height.listTxsByHeight",
    handle: (req) => {
      const key = unb64(param(req, "pagination.key"));
      if (!TXS_BY_HEIGHT.test(req.url.pathname) || !key.includes('"sequence"')) return req.forward();
      const global = new URL(req.url);
      global.pathname = "/indexer/tx/v1/txs";
      return req.forward(global);
    },
  },
  {
    name: "the txs of a height on /txs/by_height sorted by gas used",
    fails: "selection.order.listTxsByHeight",
    handle: sortedWrongly(TXS_BY_HEIGHT, "txs", (a, b) => gasUsed(a) - gasUsed(b)),
  },
  {
    name: "the rich list's pagination.reverse inverted (smallest first by default)",
    fails: "selection.order.listRichList",
    handle: requery(RICH_LIST, (q) => {
      const reverse = q.get("pagination.reverse");
      if (reverse === null || reverse === "true") q.set("pagination.reverse", "false");
      else if (reverse === "false") q.set("pagination.reverse", "true");
    }),
  },
];
