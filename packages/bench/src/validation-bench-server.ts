/**
 * One server of the request-validation benchmark, in its own process (bench-server-process.ts).
 * Every mode answers `{"ok":true}` once a request is routed and, where the mode validates, valid;
 * no handler work, so what differs between modes is the HTTP framework and the validator:
 *
 * - `weft`: Weft's own listener and operation router (api-listener.ts, operations.ts): the served
 *   document's compiled per-operation validators, every operation answered by a stub handler.
 * - `node`: bare node:http: query parsed, JSON body read, nothing validated (the floor).
 * - `express-openapi-validator`: Express 5, express.json(), express-openapi-validator's middleware
 *   on the same document (requests only, as Weft validates them), a stub route per operation.
 * - `express`: the same Express app without the validator.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { loadSpecDocument } from "@weft/server";
import {
  createApiListener,
  createOperationRouter,
  type OperationHandlers,
  RawJson,
} from "@weft/server/internal";
import express from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { pino } from "pino";
import { serveForBench } from "./bench-server-process.js";
import type { ValidationMode } from "./validation-bench.js";

const OK = '{"ok":true}';
const spec = loadSpecDocument();
const operationIds = Object.values(spec.paths).flatMap((item) =>
  Object.values(item as Record<string, { operationId?: string }>).flatMap((op) =>
    op?.operationId ? [op.operationId] : [],
  ),
);

function answer(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(OK);
}

function weft(): (req: IncomingMessage, res: ServerResponse) => void {
  const stub = () => new RawJson(OK);
  const handlers = Object.fromEntries(operationIds.map((id) => [id, stub])) as OperationHandlers;
  const notFound = (_req: IncomingMessage, res: ServerResponse) => res.writeHead(404).end();
  return createApiListener({
    operations: createOperationRouter(spec as never, handlers),
    observers: [],
    corsOrigins: [],
    bodyLimit: "256kb",
    logger: pino({ level: "silent" }),
    rest: notFound,
  });
}

function node(): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    Object.fromEntries(url.searchParams);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (chunks.length > 0) JSON.parse(Buffer.concat(chunks).toString());
      answer(res);
    });
  };
}

function expressApp(validate: boolean): (req: IncomingMessage, res: ServerResponse) => void {
  const app = express();
  app.use(express.json({ limit: "256kb" }));
  if (validate) {
    app.use(
      OpenApiValidator.middleware({
        apiSpec: structuredClone(spec) as never,
        validateRequests: true,
        validateResponses: false,
      }),
    );
  }
  app.all("/{*path}", (_req, res) => answer(res));
  app.use(
    (
      err: { status?: number; message?: string },
      _req: express.Request,
      res: express.Response,
      _next: unknown,
    ) => {
      res.status(err.status ?? 500).json({ code: 3, message: err.message });
    },
  );
  return app;
}

const mode = process.argv[2] as ValidationMode;
const handlers: Record<ValidationMode, () => (req: IncomingMessage, res: ServerResponse) => void> = {
  weft,
  node,
  "express-openapi-validator": () => expressApp(true),
  express: () => expressApp(false),
};
serveForBench(handlers[mode]());
