/**
 * The suite must catch what it claims to catch: each deliberately broken server (a proxy in front
 * of a real Weft breaking exactly one rule) makes exactly its check fail, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrokenServer } from "./_test/broken-proxy.js";
import { BROKEN_VARIANTS } from "./_test/broken-servers.js";
import { startWeftDev, type WeftDev } from "./_test/weft-dev.js";
import { runConformance } from "./run-conformance.js";

let weft: WeftDev;

beforeAll(async () => {
  weft = await startWeftDev();
}, 120_000);

afterAll(async () => {
  await weft?.stop();
});

describe("deliberately broken servers", () => {
  it("has at least 15 variants, each naming a distinct rule", () => {
    expect(BROKEN_VARIANTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(BROKEN_VARIANTS.map((v) => v.name)).size).toBe(BROKEN_VARIANTS.length);
  });

  it.each(BROKEN_VARIANTS)("$name: only $fails fails", async (variant) => {
    const server = await startBrokenServer(weft.url, variant.handle);
    try {
      const report = await runConformance({ indexerUrl: server.url, profile: "strict", concurrency: 8 });
      const failed = report.results.filter((r) => r.status === "fail");
      expect(
        failed.map((r) => `${r.id}: ${r.reason}`).filter((s) => !s.startsWith(`${variant.fails}:`)),
      ).toEqual([]);
      expect(failed.map((r) => r.id)).toEqual([variant.fails]);
      expect(failed[0]?.exchanges.length).toBeGreaterThan(0);
      expect(report.ok).toBe(false);
    } finally {
      await server.close();
    }
  });
});
