import { randomUUID } from "node:crypto";
import cors from "cors";
import express, { type Express } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { Database } from "./db/database.js";
import { createErrorMiddleware } from "./http/error-middleware.js";
import { createMetrics, type Metrics } from "./http/metrics.js";
import { createRouteFallback } from "./http/route-fallback.js";
import { DOCS_PATHS, registerApiDocsRoutes } from "./ops/api-docs.js";
import { type OperationHandlers, registerOperations } from "./http/operations.js";
import { createResponseCache } from "./http/response-cache.js";
import { createBlockHandlers } from "./indexer/blocks.js";
import { createEvmHandlers } from "./indexer/evm.js";
import { createNftCollectionHandlers } from "./indexer/nft-collections.js";
import { createNftTokenHandlers } from "./indexer/nft-tokens.js";
import { createRichListHandlers } from "./indexer/rich-list.js";
import type { IndexerDeps } from "./indexer/indexer-deps.js";
import { createStatusHandlers } from "./indexer/status.js";
import { createTxHandlers } from "./indexer/txs.js";
import { createHealthHandlers } from "./ops/health.js";
import { registerMetricsRoute } from "./ops/metrics.js";
import { createRouterInfoHandlers } from "./router/info.js";
import { createMsgsHandlers } from "./router/msgs.js";
import { createOpHookHandlers } from "./router/op-hook.js";
import type { Registry } from "./router/registry/registry.js";
import { createRouteHandlers } from "./router/route.js";
import { createTxStatusHandlers } from "./router/tx-status.js";
import { createTxTrackHandlers } from "./router/tx-track.js";
import type { RouterDeps } from "./router/router-deps.js";

/** Largest JSON body accepted (router requests carry signed op-hooks of at most ~10 KiB). */
export const DEFAULT_BODY_LIMIT = "256kb";
/** A client-supplied request id is echoed only when it is this short and plain. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export interface AppDeps {
  db: Pick<Database, "pool">;
  logger: Logger;
  /** The bundled OpenAPI document (spec/generated/openapi.json). */
  spec: Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };
  /** Allowed CORS origins; `["*"]` allows any. Empty disables CORS headers. @default ["*"] */
  corsOrigins?: string[];
  /** @default DEFAULT_BODY_LIMIT */
  bodyLimit?: string;
  /** Validate every response against the spec too (tests and CI; costs a little per request). @default false */
  validateResponses?: boolean;
  metrics?: Metrics;
  /** The chain the Indexer API serves. @default { chainId: "weft-devnet-1", prefix: "init" } */
  chain?: { chainId: string; prefix: string; vmType?: "evm" | "move" | "wasm" };
  /** Build identity reported by /status. */
  build?: { version: string; commitHash: string };
  /** The Router API's registry (none: router operations answer 503 saying how to configure one) and clock. */
  router?: { registry?: Registry; now?: () => number };
  /** Response cache TTLs (the reference's: lists 1 s, single items 10 s); 0 disables. */
  cacheTtlMs?: { list: number; item: number };
}

function routerHandlers(router: RouterDeps): OperationHandlers {
  return {
    ...createRouterInfoHandlers(router),
    ...createRouteHandlers(router),
    ...createOpHookHandlers(router),
    ...createMsgsHandlers(router),
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
/** Operations that must never be cached (liveness, readiness, status). */
const UNCACHED_OPERATIONS = new Set(["getHealth", "getReady", "getStatus", "getTxStatus"]);

/**
 * Builds the Express app. No I/O happens here: connections come in through `deps`, and listening
 * is the caller's job (see server.ts), so tests build apps with their own database and fakes.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // Trailing slashes and case are ignored like the reference (fiber defaults).
  app.set("strict routing", false);
  app.set("case sensitive routing", false);
  app.set("query parser", "extended");

  const metrics = deps.metrics ?? createMetrics();
  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id =
          typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    }),
  );
  app.use(metrics.middleware);
  const corsOrigins = deps.corsOrigins ?? ["*"];
  if (corsOrigins.length > 0) {
    app.use(
      cors({ origin: corsOrigins.includes("*") ? "*" : corsOrigins, exposedHeaders: ["x-request-id"] }),
    );
  }
  app.use(express.json({ limit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT }));

  // Routes outside the validated API surface: the human docs page and its assets.
  registerApiDocsRoutes(app, deps.spec);
  registerMetricsRoute(app, metrics);

  app.use(
    OpenApiValidator.middleware({
      // The validator rewrites the document it is given; keep ours pristine for /swagger/doc.json.
      apiSpec: structuredClone(deps.spec) as never,
      validateRequests: { allowUnknownQueryParameters: true, coerceTypes: true },
      validateResponses: deps.validateResponses ?? false,
      validateApiSpec: false,
      // Unknown paths and methods fall through to our 404/405 handler below.
      ignoreUndocumented: true,
    }),
  );

  // Handlers by operationId; registerOperations mounts them in spec order on the spec's own paths.
  const indexer: IndexerDeps = {
    pool: deps.db.pool,
    chainId: deps.chain?.chainId ?? "weft-devnet-1",
    prefix: deps.chain?.prefix ?? "init",
    vmType: deps.chain?.vmType ?? "move",
    version: deps.build?.version ?? "dev",
    commitHash: deps.build?.commitHash ?? "unknown",
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
    }),
  };
  const ttl = deps.cacheTtlMs ?? { list: 1_000, item: 10_000 };
  // The contract may run ahead of the code; what is not built yet answers 501 and is listed here.
  app.locals.unimplementedOperations = registerOperations(app, deps.spec, handlers, {
    servedAbove: ["getMetrics", "getSwaggerDoc"],
    validateResponses: deps.validateResponses ?? false,
    cache: {
      cache: createResponseCache(),
      ttlMs: (id) => (UNCACHED_OPERATIONS.has(id) ? 0 : ITEM_OPERATIONS.has(id) ? ttl.item : ttl.list),
    },
  });

  app.use(createRouteFallback({ ...deps.spec.paths, ...DOCS_PATHS }));
  app.use(createErrorMiddleware(deps.logger));
  return app;
}
