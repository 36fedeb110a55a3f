import { describe, expect, it } from "vitest";
import { cachedChain } from "./cached-chain.js";
import { createChain } from "./chain/create-chain.js";

describe("cachedChain", () => {
  it("serves the very blocks of the chain, building each once while it is recent", () => {
    const chain = createChain({ seed: 3, vm: "evm" });
    let built = 0;
    const counting = {
      ...chain,
      block: (h: number) => {
        built++;
        return chain.block(h);
      },
    };
    const cached = cachedChain(counting, 4);
    for (const h of [1, 2, 1, 2, 3]) expect(cached.block(h)).toEqual(chain.block(h));
    expect(built).toBe(3);
    for (const h of [4, 5, 6]) cached.block(h);
    cached.block(1); // evicted by 3..6: built again
    expect(built).toBe(7);
    expect(cached.evm(2).receipts).toEqual(chain.evm(2).receipts);
    expect(cached.evm(2)).toBe(cached.evm(2));
    expect(cached.chainId).toBe(chain.chainId);
  });
});

describe("cachedChain over a chain with getters", () => {
  it("reads the getters through, so a live chain's head stays live", () => {
    let head = 1;
    const chain = createChain({ seed: 3 });
    const live = Object.defineProperty({ ...chain }, "head", { get: () => head, enumerable: true });
    const cached = cachedChain(live as typeof live & { head: number });
    head = 7;
    expect((cached as unknown as { head: number }).head).toBe(7);
  });
});
