import express from "express";
import { describe, expect, it } from "vitest";
import { silentLogger } from "./_test/test-database.js";
import { listen } from "./server.js";

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
