import { describe, expect, it } from "vitest";
import { discover } from "./discovery.js";
import type { Exchange, Probe } from "./http-probe.js";

/** A probe answering fixed JSON bodies by path; anything else is a 404. */
function fakeProbe(bodies: Record<string, unknown>): Probe {
  const answer = async (method: string, path: string): Promise<Exchange> => {
    const json = bodies[path];
    const text = json === undefined ? '{"code":5,"message":"not found","details":[]}' : JSON.stringify(json);
    return {
      method,
      url: `http://fake${path}`,
      status: json === undefined ? 404 : 200,
      mediaType: "application/json",
      contentType: "application/json",
      text,
      json: JSON.parse(text),
      durationMs: 0,
      headers: new Headers(),
    };
  };
  const probe: Probe = {
    request: (method, path) => answer(method, path),
    get: (path) => answer("GET", path),
    post: (path) => answer("POST", path),
    withListener: () => probe,
  };
  return probe;
}

const NEW = `0x${"a".repeat(64)}`;
const OLD = `0x${"b".repeat(64)}`;
const collection = (addr: string, name: string) => ({ object_addr: addr, collection: { name } });

describe("discover", () => {
  it("takes the newest NFT collection that has a token, so token routes get a real token", async () => {
    const found = await discover(
      fakeProbe({
        "/indexer/nft/v1/collections": { collections: [collection(NEW, "Fresh"), collection(OLD, "Cats")] },
        [`/indexer/nft/v1/tokens/by_collection/${NEW}`]: { tokens: [] },
        [`/indexer/nft/v1/tokens/by_collection/${OLD}`]: { tokens: [{ nft: { token_id: "7" } }] },
      }),
    );
    expect(found.nft).toEqual({ collectionAddr: OLD, collectionName: "Cats", tokenId: "7" });
  });

  it("keeps the newest collection when none has a token yet", async () => {
    const found = await discover(
      fakeProbe({
        "/indexer/nft/v1/collections": { collections: [collection(NEW, "Fresh")] },
        [`/indexer/nft/v1/tokens/by_collection/${NEW}`]: { tokens: [] },
      }),
    );
    expect(found.nft).toEqual({ collectionAddr: NEW, collectionName: "Fresh" });
  });

  it("takes a fee denom whose rich list has holders (an EVM chain's gas token may have none), else the first tx's", async () => {
    const tx = (fee: string) => ({ events: [{ type: "tx", attributes: [{ key: "fee", value: fee }] }] });
    const chain = {
      "/indexer/block/v1/blocks": {
        blocks: [
          { height: "3", tx_count: "0" },
          { height: "2", tx_count: "1" },
        ],
      },
      "/indexer/tx/v1/txs/by_height/2": { txs: [tx("900GAS")] },
      "/indexer/tx/v1/txs": { txs: [tx("900GAS"), tx("5uinit"), tx("7uinit")] },
      "/indexer/richlist/v1/GAS": { holders: [] },
    };
    const withHolders = await discover(
      fakeProbe({ ...chain, "/indexer/richlist/v1/uinit": { holders: [{ account: "0x1", amount: "5" }] } }),
    );
    expect(withHolders.denom).toBe("uinit");
    expect((await discover(fakeProbe(chain))).denom).toBe("GAS");
  });
});
