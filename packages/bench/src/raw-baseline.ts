/**
 * The raw baseline of the deep-page benchmark: a bare `node:http` + `pg` server answering the eight
 * measured endpoints with the SQL the indexer modules build (imported, not copied) and the same
 * response bytes, and nothing else: no Express, no request validation, no middleware, no cache.
 * What Weft adds on top of it is the framework's cost. Pagination is parsed and written with
 * Weft's own functions, since keys are wire format; only `count_total=false` lists are served.
 *
 * Run on its own by raw-baseline-cli.ts.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type BlockRow,
  blockPageSql,
  buildPagination,
  evmTxsByAccountFilter,
  LATEST_HEIGHT_SQL,
  msgTypesOf,
  orderByOf,
  orderedPageOf,
  orderedPageSql,
  type PaginationQuery,
  parseAddress,
  parsePageRequest,
  parseTxHash,
  richListPage,
  type SequenceFilter,
  sequencePageSql,
  storedDenom,
  type TokenRow,
  TX_BY_HASH_SQL,
  toBech32,
  toBlock,
  tokenOf,
  tokenPageQuery,
  txListFilter,
  txsByAccountFilter,
  unresolvedProposer,
} from "@weft/server/internal";
import pg from "pg";

/** As Weft's pool (the server's db/database.ts): the same number of connections to Postgres. */
const POOL_MAX = 10;

export interface RawBaselineOptions {
  databaseUrl: string;
  vmType: "evm" | "move" | "wasm";
  /** @default "init" */
  prefix?: string;
  /** @default 0 (any free port) */
  port?: number;
}

type Query = PaginationQuery & Record<string, string | undefined>;

export async function startRawBaseline(
  options: RawBaselineOptions,
): Promise<{ url: string; close: () => Promise<void> }> {
  const prefix = options.prefix ?? "init";
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_MAX });
  const { rows: chains } = await pool.query<{ chain_id: string }>("SELECT chain_id FROM ingest_checkpoint");
  const chainId = chains[0]?.chain_id ?? "unknown";

  async function sequenceList(query: Query, filter: SequenceFilter): Promise<string> {
    const request = parsePageRequest(query, "tx");
    if (request.countTotal) throw new Error("the baseline serves count_total=false only");
    const { sql, params } = sequencePageSql(request, filter);
    const { rows } = await pool.query<{ sequence: string; data: string }>(sql, params);
    const items = rows.slice(0, request.limit);
    const last = items.at(-1);
    const pagination = buildPagination({
      request,
      hasMore: rows.length > request.limit,
      total: 0n,
      nextCursor: last ? { sequence: BigInt(last.sequence) } : undefined,
    });
    return `{"txs":[${items.map((r) => r.data).join(",")}],"pagination":${JSON.stringify(pagination)}}`;
  }

  async function blocks(query: Query): Promise<string> {
    const request = parsePageRequest(query, "block");
    const page = blockPageSql(request);
    const [{ rows }, latest] = await Promise.all([
      pool.query<BlockRow>(page.sql, page.params),
      pool.query<{ height: string }>(LATEST_HEIGHT_SQL, [chainId]),
    ]);
    // Weft without a node REST URL resolves no validator: the same unresolved proposer.
    const items = rows
      .slice(0, request.limit)
      .map((r) => toBlock(chainId, r, unresolvedProposer(r.proposer, prefix)));
    const last = items.at(-1);
    const pagination = buildPagination({
      request,
      hasMore: rows.length > request.limit,
      total: BigInt(latest.rows[0]?.height ?? 0),
      nextCursor: last ? { height: BigInt(last.height) } : undefined,
    });
    return JSON.stringify({ blocks: items, pagination });
  }

  async function tokensByAccount(account: string, query: Query): Promise<string> {
    const request = parsePageRequest(query, "nftToken");
    if (request.countTotal) throw new Error("the baseline serves count_total=false only");
    const owner = parseAddress(account, prefix, "account");
    const page = tokenPageQuery(request, {
      where: "AND t.owner = $1",
      params: [owner],
      orderBy: orderByOf(query.order_by),
    });
    const { sql, params, offset } = orderedPageSql(request, page);
    const result = await pool.query<TokenRow>(sql, params);
    const { rows, pagination } = orderedPageOf(request, page, { rows: result.rows, offset, total: 0n });
    return JSON.stringify({ tokens: rows.map((t) => tokenOf(t, prefix)), pagination });
  }

  async function richList(denom: string, query: Query): Promise<string> {
    const { request, query: page } = richListPage(
      parsePageRequest(query, "richList"),
      storedDenom(denom, options.vmType),
    );
    if (request.countTotal) throw new Error("the baseline serves count_total=false only");
    const { sql, params, offset } = orderedPageSql(request, page);
    const result = await pool.query<{ account: Buffer; amount: string }>(sql, params);
    const { rows, pagination } = orderedPageOf(request, page, { rows: result.rows, offset, total: 0n });
    const holders = rows.map((r) => ({
      account: options.vmType === "evm" ? `0x${r.account.toString("hex")}` : toBech32(r.account, prefix),
      amount: r.amount,
    }));
    return JSON.stringify({ holders, pagination });
  }

  async function tx(hash: string): Promise<string | undefined> {
    const { rows } = await pool.query<{ data: string }>(TX_BY_HASH_SQL, [parseTxHash(hash)]);
    return rows[0] ? `{"tx":${rows[0].data}}` : undefined;
  }

  const account = (raw: string | undefined) => parseAddress(raw ?? "", prefix, "account");
  const routes: [RegExp, (m: RegExpExecArray, query: Query) => Promise<string | undefined>][] = [
    [/^\/indexer\/block\/v1\/blocks$/, (_, q) => blocks(q)],
    [/^\/indexer\/tx\/v1\/txs$/, (_, q) => sequenceList(q, txListFilter(msgTypesOf(q.msgs)))],
    [
      /^\/indexer\/tx\/v1\/txs\/by_account\/([^/]+)$/,
      (m, q) =>
        sequenceList(q, txsByAccountFilter(account(m[1]), q.is_signer === "true", msgTypesOf(q.msgs))),
    ],
    [
      /^\/indexer\/tx\/v1\/evm-txs\/by_account\/([^/]+)$/,
      (m, q) => sequenceList(q, evmTxsByAccountFilter(account(m[1]), q.is_signer === "true")),
    ],
    [/^\/indexer\/tx\/v1\/txs\/([^/]+)$/, (m) => tx(m[1] ?? "")],
    [/^\/indexer\/nft\/v1\/tokens\/by_account\/([^/]+)$/, (m, q) => tokensByAccount(m[1] ?? "", q)],
    [/^\/indexer\/richlist\/v1\/([^/]+)$/, (m, q) => richList(decodeURIComponent(m[1] ?? ""), q)],
  ];

  /** The body of one request, or undefined for a path it does not serve. */
  async function answer(path: string, query: Query): Promise<string | undefined> {
    for (const [pattern, handle] of routes) {
      const m = pattern.exec(path);
      if (m) return handle(m, query);
    }
    return undefined;
  }

  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(body);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://baseline");
    const query = Object.fromEntries(url.searchParams) as Query;
    answer(url.pathname, query).then(
      (body) => (body === undefined ? send(res, 404, '{"code":404}') : send(res, 200, body)),
      (err: unknown) => send(res, 500, JSON.stringify({ message: String(err) })),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
