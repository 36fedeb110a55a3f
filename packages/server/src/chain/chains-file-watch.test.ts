import { describe, expect, it } from "vitest";
import type { ChainEntry } from "./chains-file.js";
import { diffChains } from "./chains-file-watch.js";

const entry = (chainId: string, rpcUrl = `http://${chainId}:26657`): ChainEntry => ({
  chainId,
  vmType: "move",
  bech32Prefix: "init",
  rpcUrl,
  restUrl: `http://${chainId}:1317`,
});

describe("what a new read of the chains file changes", () => {
  it("tells chains added, removed and changed (any field) by chain id; the same entry is no change", () => {
    const running = new Map(["a-1", "b-1", "c-1"].map((id) => [id, entry(id)]));
    const file = {
      chains: [entry("d-1"), entry("c-1"), entry("a-1", "http://elsewhere:26657")],
      skipped: [],
    };
    expect(diffChains(running, file)).toEqual({
      added: [entry("d-1")],
      removed: [entry("b-1")],
      changed: [entry("a-1", "http://elsewhere:26657")],
    });
    expect(diffChains(running, { chains: [...running.values()], skipped: [] })).toEqual({
      added: [],
      removed: [],
      changed: [],
    });
  });
});
