import { connect } from "node:net";
import express from "express";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { silentLogger } from "./_test/test-database.js";
import { createApp } from "./app.js";
import { listen } from "./server.js";
import { loadSpecDocument } from "./spec-document.js";

/** Writes `raw` to the server at `url` and reads until it closes the socket. */
function exchange(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("parser errors on the servers listen() starts", () => {
  it("the app's own server answers them, and a missing Host, with the envelope", async () => {
    const app = createApp({ db: { pool: {} as pg.Pool }, logger: silentLogger, spec: loadSpecDocument() });
    const running = await listen({
      app,
      host: "127.0.0.1",
      port: 0,
      logger: silentLogger,
      shutdownTimeoutMs: 1_000,
    });
    try {
      const unknownMethod = await exchange(running.url, "FOO / HTTP/1.1\r\nHost: x\r\n\r\n");
      expect(unknownMethod).toMatch(/^HTTP\/1\.1 501 Not Implemented\r\n/);
      expect(JSON.parse(unknownMethod.split("\r\n\r\n")[1] ?? "")).toEqual({
        code: 12,
        message: "unknown HTTP method: this server implements GET, HEAD, POST and OPTIONS",
        details: [],
      });
      const noHost = await exchange(running.url, "GET /health HTTP/1.1\r\n\r\n");
      expect(noHost).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(noHost).toMatch(/\r\nConnection: close\r\n/i);
      expect(JSON.parse(noHost.split("\r\n\r\n")[1] ?? "")).toEqual({
        code: 3,
        message: "missing Host header: HTTP/1.1 requests must carry one",
        details: [{ field: "header.host", description: "is required in HTTP/1.1" }],
      });
    } finally {
      await running.stop();
    }
  });

  it("any other app's server (Express's listen) gets the same handler", async () => {
    const running = await listen({
      app: express(),
      host: "127.0.0.1",
      port: 0,
      logger: silentLogger,
      shutdownTimeoutMs: 1_000,
    });
    try {
      const text = await exchange(running.url, "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n");
      expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(text.split("\r\n\r\n")[1] ?? "")).toEqual({
        code: 3,
        message: "malformed HTTP request: Invalid header value char",
        details: [],
      });
    } finally {
      await running.stop();
    }
  });
});

describe("graceful stop", () => {
  it("finishes in-flight requests, refuses new ones, then runs onClosed", async () => {
    const app = express();
    app.get("/slow", (_req, res) => {
      setTimeout(() => res.json({ done: true }), 400);
    });
    const events: string[] = [];
    const running = await listen({
      app,
      host: "127.0.0.1",
      port: 0,
      logger: silentLogger,
      shutdownTimeoutMs: 5_000,
      onClosed: async () => {
        events.push("closed");
      },
    });
    const inFlight = fetch(`${running.url}/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const stopped = running.stop().then(() => events.push("stopped"));
    await expect(fetch(`${running.url}/slow`)).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await stopped;
    expect(events).toEqual(["closed", "stopped"]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("cuts requests that outlive the shutdown deadline", async () => {
    const app = express();
    app.get("/hang", () => undefined);
    const running = await listen({
      app,
      host: "127.0.0.1",
      port: 0,
      logger: silentLogger,
      shutdownTimeoutMs: 200,
    });
    const hung = fetch(`${running.url}/hang`).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await running.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hung).toBeInstanceOf(Error);
  });
});
