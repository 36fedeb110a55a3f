import type { IncomingMessage, Server, ServerResponse } from "node:http";
import cors from "cors";
import express from "express";
import type { Logger } from "pino";
import type { OperationHandlers } from "./api/operation.js";
import { type BuildInfo, UNKNOWN_BUILD } from "./build-info.js";
import type { ChainHead } from "./db/chain-head.js";
import type { Database } from "./db/database.js";
import type { ReadReplicas } from "./db/read-replicas.js";
import { createApiListener } from "./http/api-listener.js";
import { createApiServer } from "./http/client-error.js";
import { createErrorMiddleware } from "./http/error-middleware.js";
import { createMetrics, type Metrics } from "./http/metrics.js";
import { createOperationRouter } from "./http/operations.js";
import { createRequestLog } from "./http/request-log.js";
import { createResponseCache } from "./http/response-cache.js";
import { createRouteFallback } from "./http/route-fallback.js";
import { createBlockHandlers } from "./indexer/blocks.js";
import { createEvmHandlers } from "./indexer/evm.js";
import { CHAIN_NOT_YET_KNOWN, type IndexerDeps } from "./indexer/indexer-deps.js";
import { createNftCollectionHandlers } from "./indexer/nft-collections.js";
import { createNftTokenHandlers } from "./indexer/nft-tokens.js";
import { createNodeLookups } from "./indexer/node-lookups.js";
import { createRichListHandlers } from "./indexer/rich-list.js";
import { createStatusHandlers } from "./indexer/status.js";
import { createTxHandlers } from "./indexer/txs.js";
import type { IngestHealth } from "./ingest/ingest-status.js";
import { DOCS_PATHS, type DocsServer, registerApiDocsRoutes } from "./ops/api-docs.js";
import { createHealthHandlers } from "./ops/health.js";
import { registerMetricsRoute } from "./ops/metrics.js";
import { createAssetsBetweenChainsHandlers } from "./router/assets-between-chains.js";
import { createAssetsFromSourceHandlers } from "./router/assets-from-source.js";
import { createBalancesHandlers } from "./router/balances.js";
import { createBridgesHandlers } from "./router/bridges.js";
import { createIbcOriginAssetsHandlers } from "./router/ibc-origin-assets.js";
import { createRouterInfoHandlers } from "./router/info.js";
import { createMsgsHandlers } from "./router/msgs.js";
import { createMsgsDirectHandlers } from "./router/msgs-direct.js";
import { createNftHandlers } from "./router/nft.js";
import { createOpHookHandlers } from "./router/op-hook.js";
import { createRecommendAssetsHandlers } from "./router/recommend-assets.js";
import type { Registry } from "./router/registry/registry.js";
import { createRouteHandlers } from "./router/route.js";
import type { RouterDeps } from "./router/router-deps.js";
import { createTxStatusHandlers } from "./router/tx-status.js";
import { createTxTrackHandlers } from "./router/tx-track.js";
import { createVenuesHandlers } from "./router/venues.js";
import { DEFAULT_BECH32_PREFIX, DEFAULT_BODY_LIMIT, DEFAULT_VM_TYPE } from "./setting-defaults.js";

/**
 * The chain the Indexer API serves. `restUrl`: the node's Cosmos REST, which the read API asks as the
 * reference's does (an EVM denom's ERC-20 contract); without it those lookups fail with a 4xx saying so.
 */
export interface AppChain {
  chainId: string;
  /** bech32 account prefix (BECH32_PREFIX). */
  prefix: string;
  /** VM_TYPE: EVM routes exist only on `evm` chains. */
  vmType: "evm" | "move" | "wasm";
  restUrl?: string;
}

export interface AppDeps {
  db: Pick<Database, "pool">;
  logger: Logger;
  /** The bundled OpenAPI document (spec/generated/openapi.json). */
  spec: Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };
  /** Allowed CORS origins; `["*"]` allows any. Empty disables CORS headers. @default ["*"] */
  corsOrigins?: string[];
  /** @default DEFAULT_BODY_LIMIT (setting-defaults.ts, BODY_LIMIT's default) */
  bodyLimit?: string;
  /** Validate every response against the spec too (tests and CI; costs a little per request). @default false */
  validateResponses?: boolean;
  metrics?: Metrics;
  /**
   * The chain the Indexer API serves (the CLI: from its settings, commands/serve-app.ts). Its
   * `chainId` is read per request: `weft serve` started before any ingestion learns it later.
   * @default none: the Indexer API answers as `weft serve` does before a chain is known (chain id
   * CHAIN_NOT_YET_KNOWN, the settings' default prefix and VM); enough for an app that serves the
   * Router API alone (the router benchmarks)
   */
  chain?: AppChain;
  /** Build identity reported by /status (the CLI: build-info.ts). @default UNKNOWN_BUILD */
  build?: BuildInfo;
  /**
   * The Router API's registry (none: router operations answer 503 saying how to configure one), clock,
   * and how it reaches chain nodes for balances (`fetch`, and the per-chain deadline in ms).
   */
  router?: { registry?: Registry; now?: () => number; fetch?: typeof fetch; balanceTimeoutMs?: number };
  /** Response cache TTLs (the reference's: lists 1 s, single items 10 s); 0 disables. */
  cacheTtlMs?: { list: number; item: number };
  /** Most bytes of bodies the response cache holds (RESPONSE_CACHE_MAX_BYTES). */
  cacheMaxBytes?: number;
  /** Bases the `/docs` page offers besides the root (each chain's, in a deployment of several). */
  docsServers?: DocsServer[];
  /** Ingestion running in this process (`weft dev`): /ready answers 503 INGEST_STALLED when it stalls. */
  ingestion?: IngestHealth;
  /**
   * The chain head followed in memory (db/chain-head.ts): `/status` answers from it, and cached
   * indexer pages go stale at each commit. None: `/status` reads the database, TTLs alone expire pages.
   */
  head?: ChainHead;
  /**
   * Read replicas (DATABASE_READ_URLS): the Indexer API reads through their pool and follows their
   * head instead of `head` (never above what they replayed); /ready lists them. Everything else keeps
   * `db`.
   */
  readReplicas?: Pick<ReadReplicas, "pool" | "head" | "status">;
}

function routerHandlers(router: RouterDeps): OperationHandlers {
  return {
    ...createRouterInfoHandlers(router),
    ...createBalancesHandlers(router),
    ...createBridgesHandlers(router),
    ...createAssetsBetweenChainsHandlers(router),
    ...createIbcOriginAssetsHandlers(router),
    ...createAssetsFromSourceHandlers(router),
    ...createRouteHandlers(router),
    ...createOpHookHandlers(router),
    ...createMsgsHandlers(router),
    ...createMsgsDirectHandlers(router),
    ...createVenuesHandlers(router),
    ...createRecommendAssetsHandlers(router),
    ...createNftHandlers(router),
    ...createTxTrackHandlers(router),
    ...createTxStatusHandlers(router),
  };
}

/** Operations served from the cache for a single item (the reference's 10 s class). */
const ITEM_OPERATIONS = new Set([
  "getBlock",
  "getTx",
  "getEvmTx",
  "getAvgBlockTime",
  "getNftCollection",
  "listRichList",
]);
/** Indexer answers a new block cannot change: cached by TTL alone, whatever the head does. */
const IMMUTABLE_OPERATIONS = new Set(["getBlock", "getTx", "getEvmTx", "listEvmInternalTxsByHash"]);
/** Operations that must never be cached (liveness, readiness, a transfer's status). */
const UNCACHED_OPERATIONS = new Set(["getHealth", "getReady", "getTxStatus"]);
/**
 * Answers made of the chain head alone: cached only under the head's generation while commits are
 * followed (a commit makes them stale at once), never by TTL alone. `/status` is then a cache hit
 * between two commits instead of a handler call and a serialization per request.
 */
const HEAD_OPERATIONS = new Set(["getStatus"]);
/**
 * POSTs whose answer is a function of the request alone while the app lives (the route reads only
 * the registry, fixed when the app is built): answers remembered by body (http/body-memo.ts).
 */
const MEMOIZED_BODY_OPERATIONS = ["getRoute"] as const;

/**
 * The service as a node:http request listener: API operations served on node:http, the rest
 * (docs, /metrics, preflights, 404/405) by Express (http/api-listener.ts).
 */
export interface App {
  (req: IncomingMessage, res: ServerResponse): void;
  /** A node:http server of this app, listening (Express's `app.listen`). */
  listen(port: number, host?: string): Server;
  /** `unimplementedOperations`: documented operations answered 501. */
  locals: Record<string, unknown>;
  /**
   * Stops the app's own timers (its response cache's sweep). Connections are the caller's: its
   * database and head outlive an app rebuilt over them (commands/served-chains.ts).
   */
  close(): void;
}

/**
 * Builds the app. No I/O happens here: connections come in through `deps`, and listening is the
 * caller's job (see server.ts), so tests build apps with their own database and fakes.
 */
export function createApp(deps: AppDeps): App {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // Trailing slashes and case are ignored like the reference (fiber defaults).
  app.set("strict routing", false);
  app.set("case sensitive routing", false);

  const metrics = deps.metrics ?? createMetrics();
  const corsOrigins = deps.corsOrigins ?? ["*"];
  if (corsOrigins.length > 0) {
    app.use(
      cors({ origin: corsOrigins.includes("*") ? "*" : corsOrigins, exposedHeaders: ["x-request-id"] }),
    );
  }

  // Routes outside the validated API surface: the human docs page and its assets.
  registerApiDocsRoutes(app, deps.spec, deps.docsServers);
  registerMetricsRoute(app, metrics);

  // Handlers by operationId; the operation router matches them in spec order on the spec's own
  // paths and validates each request against its operation, compiled once from the spec.
  const head = deps.readReplicas?.head ?? deps.head;
  const chain: AppChain = deps.chain ?? {
    chainId: CHAIN_NOT_YET_KNOWN,
    prefix: DEFAULT_BECH32_PREFIX,
    vmType: DEFAULT_VM_TYPE,
  };
  const build = deps.build ?? UNKNOWN_BUILD;
  const indexer: IndexerDeps = {
    pool: deps.readReplicas?.pool ?? deps.db.pool,
    // Read per request: a server started before any ingestion learns its chain later (serve-app.ts).
    get chainId() {
      return chain.chainId;
    },
    prefix: chain.prefix,
    vmType: chain.vmType,
    version: build.version,
    commitHash: build.commitHash,
    node: createNodeLookups({ restUrl: chain.restUrl }),
    ...(head ? { head } : {}),
  };
  const handlers: OperationHandlers = {
    ...createHealthHandlers(deps),
    ...createStatusHandlers(indexer),
    ...createBlockHandlers(indexer),
    ...createTxHandlers(indexer),
    ...createEvmHandlers(indexer),
    ...createNftCollectionHandlers(indexer),
    ...createNftTokenHandlers(indexer),
    ...createRichListHandlers(indexer),
    ...routerHandlers({
      registry: deps.router?.registry,
      now: deps.router?.now ?? Date.now,
      pool: deps.db.pool,
      fetch: deps.router?.fetch ?? globalThis.fetch,
      balanceTimeoutMs: deps.router?.balanceTimeoutMs,
    }),
  };
  const ttl = deps.cacheTtlMs ?? { list: 1_000, item: 10_000 };
  const cache = createResponseCache(deps.cacheMaxBytes === undefined ? {} : { maxBytes: deps.cacheMaxBytes });
  const indexerOperations = operationIdsUnder(deps.spec, "/indexer/");
  // The contract may run ahead of the code; what is not built yet answers 501 and is listed here.
  const operations = createOperationRouter(deps.spec, handlers, {
    servedAbove: ["getMetrics", "getSwaggerDoc"],
    validateResponses: deps.validateResponses ?? false,
    // RESPONSE_CACHE=off (both TTLs 0) measures the work behind every answer: nothing remembered.
    memoizedBodies: ttl.list === 0 && ttl.item === 0 ? [] : MEMOIZED_BODY_OPERATIONS,
    cache: {
      cache,
      ttlMs: (id) =>
        UNCACHED_OPERATIONS.has(id) || (HEAD_OPERATIONS.has(id) && !head)
          ? 0
          : ITEM_OPERATIONS.has(id) || HEAD_OPERATIONS.has(id)
            ? ttl.item
            : ttl.list,
      ...(head ? { head } : {}),
      headDependent: (id) =>
        HEAD_OPERATIONS.has(id) || (indexerOperations.has(id) && !IMMUTABLE_OPERATIONS.has(id)),
    },
  });
  app.locals.unimplementedOperations = operations.missing;

  app.use(createRouteFallback({ ...deps.spec.paths, ...DOCS_PATHS }));
  app.use(createErrorMiddleware(deps.logger));

  const listener = createApiListener({
    operations,
    observers: [createRequestLog(deps.logger), metrics.observe],
    corsOrigins,
    bodyLimit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT,
    logger: deps.logger,
    rest: app,
  });
  return Object.assign(listener, {
    listen: (port: number, host?: string) => createApiServer(listener).listen(port, host),
    locals: app.locals as Record<string, unknown>,
    close: () => cache.close(),
  });
}

/** The operationIds of the spec's paths under `prefix`: the indexer's data, which moves with the head. */
function operationIdsUnder(spec: AppDeps["spec"], prefix: string): Set<string> {
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const op of Object.values(item)) {
      const id = (op as { operationId?: unknown } | null)?.operationId;
      if (typeof id === "string") ids.add(id);
    }
  }
  return ids;
}
