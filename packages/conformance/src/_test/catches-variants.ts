/**
 * The broken-server tests, split over three files (broken-servers, broken-lists, broken-values) so
 * vitest runs them on both workers: each file has its own `weft dev` behind its proxies, and each
 * variant's strict run must fail exactly the check the variant names.
 */
import { afterAll, beforeAll, it } from "vitest";
import { startBrokenServer } from "./broken-proxy.js";
import type { BrokenVariant } from "./broken-servers.js";
import { expectOnlyFails } from "./only-fails.js";
import { startWeftDev, type WeftDev } from "./weft-dev.js";

/** Starts a `weft dev` for the file (stopped after it); the getter returns it inside tests. */
export function useWeftDev(): () => WeftDev {
  let weft: WeftDev | undefined;
  beforeAll(async () => {
    weft = await startWeftDev();
  }, 120_000);
  afterAll(async () => {
    await weft?.stop();
  });
  return () => {
    if (!weft) throw new Error("weft dev did not start (see beforeAll)");
    return weft;
  };
}

/** One test per variant: behind its proxy, only the variant's check fails. */
export function itCatchesEach(variants: readonly BrokenVariant[], weft: () => WeftDev): void {
  it.each(variants)("$name: only $fails fails", async (variant) => {
    const server = await startBrokenServer(weft().url, variant.handle);
    try {
      await expectOnlyFails(server.url, variant.fails);
    } finally {
      await server.close();
    }
  });
}
