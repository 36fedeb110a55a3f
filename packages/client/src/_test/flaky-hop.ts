/**
 * A hop in front of the real in-process server that fails on demand: the next requests to a path
 * get the scripted answers (a status with a body, or a reset connection) and everything else is
 * forwarded unchanged. Lets retry paths be tested against the real server's real answers.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

/**
 * One scripted answer: an HTTP failure, a dropped connection, "pass" to forward this one, or
 * `{ hangMs }` to forward it only after that long (a slow upstream).
 */
export type Failure =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { hangMs: number }
  | "drop"
  | "pass";

export interface FlakyHop {
  url(): string;
  /** The next requests whose path (without query) is `path` get these, in order, before any is forwarded. */
  fail(path: string, ...failures: Failure[]): void;
  /** Every request: method, path with query, JSON body (null without one), and whether it was forwarded. */
  seen: { method: string; path: string; body: unknown; forwarded: boolean }[];
  reset(): void;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The JSON body, the raw text when it is not JSON, null without one. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function useFlakyHop(target: () => string): FlakyHop {
  let server: Server | undefined;
  let base = "";
  const scripts = new Map<string, Failure[]>();
  const hop: FlakyHop = {
    url: () => base,
    fail(path, ...failures) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...failures]);
    },
    seen: [],
    reset() {
      scripts.clear();
      hop.seen.length = 0;
    },
  };
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const text = await readBody(req);
      const pathname = new URL(req.url ?? "/", "http://hop").pathname;
      const scripted = scripts.get(pathname)?.shift();
      const hangMs = typeof scripted === "object" && "hangMs" in scripted ? scripted.hangMs : 0;
      const failure =
        scripted === "pass" || (typeof scripted === "object" && "hangMs" in scripted) ? undefined : scripted;
      hop.seen.push({
        method: req.method ?? "",
        path: req.url ?? "",
        body: parseBody(text),
        forwarded: failure === undefined,
      });
      if (hangMs > 0) {
        // Until the time is up or the client gives up, whichever comes first.
        const gaveUp = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), hangMs);
          res.once("close", () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
        if (gaveUp) return;
      }
      if (failure === "drop") {
        req.socket.destroy();
        return;
      }
      if (failure) {
        res.writeHead(failure.status, { "content-type": "application/json", ...failure.headers });
        res.end(JSON.stringify(failure.body ?? {}));
        return;
      }
      const upstream = await fetch(`${target()}${req.url}`, {
        method: req.method ?? "GET",
        headers: { "content-type": req.headers["content-type"] ?? "application/json" },
        ...(text ? { body: text } : {}),
      });
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
      res.end(await upstream.text());
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  });
  return hop;
}
