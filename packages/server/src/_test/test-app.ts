import { useInProcessServer } from "@weft/testkit/in-process-server";
import { type App, type AppDeps, createApp } from "../app.js";
import { loadSpecDocument } from "../spec-document.js";
import { silentLogger } from "./test-database.js";

/**
 * The chain a test app serves unless the test names its own: the devnet's L1 (`weft dev`'s chain,
 * @weft/devnet's L1_CHAIN_ID), with the settings' default prefix and VM.
 */
export const TEST_CHAIN = { chainId: "weft-devnet-1", prefix: "init", vmType: "move" } as const;

/** The build identity test apps report on /status. */
export const TEST_BUILD = { version: "dev", commitHash: "unknown" } as const;

/** Builds the real app for tests: the committed spec, response validation on, silent logs. */
export function createTestApp(deps: Partial<AppDeps> & Pick<AppDeps, "db">): App {
  // No response cache by default: tests write data between requests and must read it back.
  return createApp({
    logger: silentLogger,
    spec: loadSpecDocument(),
    validateResponses: true,
    cacheTtlMs: { list: 0, item: 0 },
    chain: TEST_CHAIN,
    build: TEST_BUILD,
    ...deps,
  });
}

/** Serves an app on 127.0.0.1:<random> for the duration of a test file; returns its base URL. */
export const serveForTests = (build: () => App): (() => string) =>
  useInProcessServer(() => build().listen(0, "127.0.0.1"));
