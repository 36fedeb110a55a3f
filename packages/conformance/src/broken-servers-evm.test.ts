/**
 * Broken servers only an EVM chain shows (call frames, 0x hashes): each, in front of a real EVM
 * `weft dev`, makes exactly its check fail, and nothing else.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { startBrokenServer } from "./_test/broken-proxy.js";
import { EVM_VALUE_VARIANTS } from "./_test/broken-values.js";
import { expectOnlyFails } from "./_test/only-fails.js";
import { startWeftDev, type WeftDev } from "./_test/weft-dev.js";

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
      await expectOnlyFails(server.url, variant.fails);
    } finally {
      await server.close();
    }
  });
});
