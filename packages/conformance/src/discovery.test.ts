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
});
