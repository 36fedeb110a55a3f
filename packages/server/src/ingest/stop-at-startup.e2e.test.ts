/**
 * A stop asked for while ingestion is still starting (a Ctrl-C during `weft dev`'s startup, which
 * aborts ingestion once the API is up) ends it: the abort came while the writer lock was being
 * taken, before ingestion listened for it, and ingestion then followed the head for good, the
 * process never exiting.
 */
import { createChain, startDevnetNode } from "@weft/devnet";
import { afterAll, describe, expect, it } from "vitest";
import { openTestDatabase, silentLogger } from "../_test/test-database.js";
import { runIngest } from "./run-ingest.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("ingestion stopped while it starts", () => {
  it("ends when the stop comes while it takes the writer lock", async () => {
    const test = await openTestDatabase();
    cleanups.push(() => test.dispose());
    const node = await startDevnetNode({
      chain: createChain({ seed: 1, chainId: "weft-stop-1", prefix: "init" }),
      initialBlocks: 20,
    });
    cleanups.push(() => node.close());
    const controller = new AbortController();
    cleanups.push(async () => controller.abort());
    // The writer lock's connection is the first ingestion opens: the stop comes as it is opened.
    const pool = new Proxy(test.db.pool, {
      get(target, key, receiver) {
        if (key !== "connect") return Reflect.get(target, key, receiver);
        return (...args: []) => {
          controller.abort("SIGINT");
          return target.connect(...args);
        };
      },
    });
    const ingesting = runIngest({
      db: { ...test.db, pool },
      logger: silentLogger,
      rpcUrl: node.url,
      restUrl: node.url,
      prefix: "init",
      startHeight: 1n,
      signal: controller.signal,
    });
    const ended = await Promise.race([
      ingesting.then(() => "ended"),
      new Promise((resolve) => setTimeout(() => resolve("still running after 15 s"), 15_000).unref()),
    ]);
    expect(ended).toBe("ended");
  }, 60_000);
});
