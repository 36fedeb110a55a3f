/**
 * A stand-in for the router's tracking endpoints, in front of the real in-process server: it answers
 * `POST /v2/tx/track` and `GET /v2/tx/status` from a script and forwards every other request (route,
 * op-hook, msgs) to the real server unchanged. Used for what the real server cannot show in a test:
 * a transfer reaching a terminal state, and failures (503s, dropped connections) on demand.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { components } from "@weft/spec/types";
import { afterAll, beforeAll } from "vitest";

type TxStatus = components["schemas"]["tx-status"];
type TransactionState = components["schemas"]["transaction-state"];

/** One scripted answer: a body with its status, or a dropped connection. */
export type Scripted = { status: number; body: unknown } | "drop";

export interface StandInTracker {
  url(): string;
  /** Answers to the next track requests, in order; once empty, track answers 200. */
  track: Scripted[];
  /** Answers to the next status requests, in order; once empty, status answers 500. */
  status: Scripted[];
  /** Every track and status request seen: method, path with query, and JSON body. */
  seen: { method: string; path: string; body: unknown }[];
  reset(): void;
}

/** A contract-shaped status body for `state`, with `status` derived as the spec says. */
export function statusBody(state: TransactionState, overrides: Partial<TxStatus> = {}): TxStatus {
  const status: TxStatus["status"] =
    state === "STATE_SUBMITTED"
      ? "STATE_SUBMITTED"
      : state === "STATE_COMPLETED_SUCCESS"
        ? "STATE_COMPLETED"
        : state === "STATE_COMPLETED_ERROR" || state === "STATE_ABANDONED"
          ? "STATE_FAILED"
          : "STATE_PENDING";
  const error =
    status === "STATE_FAILED"
      ? { type: "STATUS_ERROR_TRANSFER" as const, message: "acknowledgement error on weft-wasm-1" }
      : null;
  return {
    status,
    state,
    transfers: [],
    transfer_sequence: [],
    next_blocking_transfer: null,
    transfer_asset_release: null,
    error,
    ...overrides,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function useStandInTracker(realUrl: () => string): StandInTracker {
  let server: Server | undefined;
  let base = "";
  const tracker: StandInTracker = {
    url: () => base,
    track: [],
    status: [],
    seen: [],
    reset() {
      tracker.track.length = 0;
      tracker.status.length = 0;
      tracker.seen.length = 0;
    },
  };
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const text = await readBody(req);
      const url = new URL(req.url ?? "/", "http://stand-in");
      const script =
        url.pathname === "/v2/tx/track"
          ? tracker.track
          : url.pathname === "/v2/tx/status"
            ? tracker.status
            : null;
      if (!script) {
        const upstream = await fetch(`${realUrl()}${req.url}`, {
          method: req.method ?? "GET",
          headers: { "content-type": req.headers["content-type"] ?? "application/json" },
          ...(text ? { body: text } : {}),
        });
        res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
        res.end(await upstream.text());
        return;
      }
      tracker.seen.push({
        method: req.method ?? "",
        path: req.url ?? "",
        body: text ? JSON.parse(text) : null,
      });
      const fallback: Scripted =
        script === tracker.track
          ? { status: 200, body: { tx_hash: "", explorer_link: "" } }
          : { status: 500, body: { code: 13, message: "no scripted status left", details: [] } };
      const answer = script.shift() ?? fallback;
      if (answer === "drop") {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  });
  return tracker;
}
