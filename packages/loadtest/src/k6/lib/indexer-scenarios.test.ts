import { describe, expect, it } from "vitest";
import { type DiscoveredData, indexerIteration } from "./indexer-scenarios.js";

const none: DiscoveredData = {
  heights: [],
  txHashes: [],
  accounts: [],
  msgTypes: [],
  nftOwners: [],
  collections: [],
  denoms: [],
  evm: false,
  deepKey: null,
};
const full: DiscoveredData = {
  heights: ["10", "11"],
  txHashes: ["AB".repeat(32)],
  accounts: ["init1abc"],
  msgTypes: ["cosmos.bank.v1beta1.MsgSend"],
  nftOwners: ["init1def"],
  collections: ["0x01"],
  denoms: ["evm/0xabc"],
  evm: true,
  deepKey: "eyJzZXF1ZW5jZSI6MTB9",
};

describe("indexerIteration", () => {
  it("always pages blocks and txs, and leaves out what was not discovered", () => {
    expect(indexerIteration(none, 0).map((r) => r.name)).toEqual(["blocks", "txs"]);
  });

  it("covers every scenario kind when the deployment has the data", () => {
    const reqs = indexerIteration(full, 1);
    expect(reqs.map((r) => r.name)).toEqual([
      "blocks",
      "txs",
      "block",
      "txs by height",
      "tx",
      "txs by msg type",
      "txs deep page",
      "txs by account",
      "evm txs by account",
      "nft tokens by account",
      "rich list",
    ]);
    expect(reqs.find((r) => r.name === "block")?.path).toBe("/indexer/block/v1/blocks/11");
    expect(reqs.find((r) => r.name === "rich list")?.path).toBe(
      "/indexer/richlist/v1/evm%2F0xabc?pagination.limit=10",
    );
    expect(reqs.find((r) => r.name === "txs by msg type")?.path).toContain(
      "msgs=cosmos.bank.v1beta1.MsgSend",
    );
  });
});
