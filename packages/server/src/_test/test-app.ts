import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { type App, type AppDeps, createApp } from "../app.js";
import { loadSpecDocument } from "../spec-document.js";
import { silentLogger } from "./test-database.js";

/** Builds the real app for tests: the committed spec, response validation on, silent logs. */
export function createTestApp(deps: Partial<AppDeps> & Pick<AppDeps, "db">): App {
  // No response cache by default: tests write data between requests and must read it back.
  return createApp({
    logger: silentLogger,
    spec: loadSpecDocument(),
    validateResponses: true,
    cacheTtlMs: { list: 0, item: 0 },
    ...deps,
  });
}

/** Serves an app on 127.0.0.1:<random> for the duration of a test file; returns its base URL. */
export function serveForTests(build: () => App): () => string {
  let server: ReturnType<App["listen"]> | undefined;
  let url = "";
  beforeAll(async () => {
    server = build().listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server?.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  });
  return () => url;
}
