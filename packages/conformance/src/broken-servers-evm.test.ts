/**
 * Broken servers only an EVM chain shows (call frames, 0x hashes): each, in front of a real EVM
 * `weft dev`, makes exactly its check fail, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrokenServer } from "./_test/broken-proxy.js";
import { EVM_VALUE_VARIANTS } from "./_test/broken-values.js";
import { startWeftDev, type WeftDev } from "./_test/weft-dev.js";
import { runConformance } from "./run-conformance.js";

let weft: WeftDev;

beforeAll(async () => {
  weft = await startWeftDev({ vmType: "evm" });
}, 120_000);

afterAll(async () => {
  await weft?.stop();
});

describe("deliberately broken EVM servers", () => {
  it.each(EVM_VALUE_VARIANTS)("$name: only $fails fails", async (variant) => {
    const server = await startBrokenServer(weft.url, variant.handle);
    try {
      const report = await runConformance({ indexerUrl: server.url, profile: "strict", concurrency: 8 });
      const failed = report.results.filter((r) => r.status === "fail");
      expect(
        failed.map((r) => `${r.id}: ${r.reason}`).filter((s) => !s.startsWith(`${variant.fails}:`)),
      ).toEqual([]);
      expect(failed.map((r) => r.id)).toEqual([variant.fails]);
      expect(failed[0]?.exchanges.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
