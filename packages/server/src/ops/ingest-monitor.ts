/**
 * The small HTTP server of `weft ingest` (METRICS_PORT): `/metrics` (Prometheus text of its
 * registry: the `weft_ingest_*` series and the process's), `/health` (alive, no I/O) and `/ready`
 * (database reachable with migrations applied, ingestion not stalled), with the same bodies as the
 * API's operations of those names and the one error envelope for everything else.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { ApiError } from "../api/errors.js";
import { createApiServer } from "../http/client-error.js";
import { sendError } from "../http/error-middleware.js";
import type { IngestHealth } from "../ingest/ingest-status.js";
import { checkReadiness, type HealthDeps } from "./health.js";

export interface IngestMonitorOptions {
  registry: Registry;
  db: HealthDeps["db"];
  ingestion: NonNullable<HealthDeps["ingestion"]>;
  /** `weft ingest --chains`: listed by `/ready`. */
  chains?: HealthDeps["chains"];
  /** `weft ingest --chains`: a chain's own health, served at `/{chain_id}/ready`. */
  chainHealth?: (chainId: string) => IngestHealth | undefined;
  host: string;
  port: number;
  logger: Logger;
}

export interface IngestMonitor {
  url: string;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

/** Listens on `host:port` (0: any free port) and resolves once bound. */
export async function startIngestMonitor(options: IngestMonitorOptions): Promise<IngestMonitor> {
  const { registry, logger } = options;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://monitor").pathname;
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendError(res, new ApiError(405, `${req.method} is not allowed here; use GET`));
    if (path === "/health") return sendJson(res, 200, { status: "ok" });
    if (path === "/ready") return sendJson(res, 200, await checkReadiness(options));
    const chainReady = /^\/([^/]+)\/ready$/.exec(path);
    const chain = chainReady ? options.chainHealth?.(chainReady[1] as string) : undefined;
    // One chain's readiness: the database, and that chain's ingestion alone.
    if (chain) return sendJson(res, 200, await checkReadiness({ db: options.db, ingestion: chain }));
    if (path === "/metrics") {
      const text = await registry.metrics();
      res.writeHead(200, { "content-type": registry.contentType });
      return res.end(text);
    }
    sendError(
      res,
      new ApiError(
        404,
        `no route for ${path}: this port serves /metrics, /health and /ready${options.chainHealth ? " (and /{chain_id}/ready)" : ""}`,
      ),
    );
  };
  // The API's server: parser errors and a missing Host get the envelope here too.
  const server = createApiServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof ApiError) return sendError(res, err);
      logger.error({ err }, "ingest monitor request failed");
      sendError(res, new ApiError(500, "internal server error"));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
