import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../http/errors.js";
import { createNodeLookups } from "./node-lookups.js";

let node: DevnetNode;
beforeAll(async () => {
  node = await startDevnetNode({ chain: createChain({ seed: 3, vm: "evm" }), initialBlocks: 1 });
});
afterAll(() => node.close());

/** fetch that counts the URLs it was asked for. */
function countingFetch(): { fetch: typeof fetch; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetch: (input, init) => {
      asked.push(String(input));
      return fetch(input, init);
    },
  };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("erc20ByDenom", () => {
  it("asks the node once per denom it finds, concurrent askers included", async () => {
    const counting = countingFetch();
    const lookups = createNodeLookups({ restUrl: `${node.url}/`, fetch: counting.fetch });
    const expected = node.chain.contractByDenom("uinit");
    const answers = await Promise.all([lookups.erc20ByDenom("uinit"), lookups.erc20ByDenom("uinit")]);
    expect(answers).toEqual([expected, expected]);
    expect(await lookups.erc20ByDenom("uinit")).toBe(expected);
    expect(counting.asked).toEqual([`${node.url}/minievm/evm/v1/contracts/by_denom?denom=uinit`]);
  });

  it("keeps no miss: a denom the node does not map is asked again, and each miss is a 400 naming it", async () => {
    const counting = countingFetch();
    const lookups = createNodeLookups({ restUrl: node.url, fetch: counting.fetch });
    for (let i = 0; i < 2; i++) {
      const err = await rejection(lookups.erc20ByDenom("ibc/ABC"));
      expect(err.status).toBe(400);
      expect(err.message).toContain("denom ibc/ABC");
    }
    expect(counting.asked).toHaveLength(2);
  });

  it("without a REST URL or with a node that does not answer: a 400 saying why", async () => {
    const none = await rejection(createNodeLookups({}).erc20ByDenom("uinit"));
    expect([none.status, none.message]).toEqual([
      400,
      "no ERC-20 contract for denom uinit on this chain: this server has no node REST URL (REST_URL) to map denoms with",
    ]);
    const down = await rejection(
      createNodeLookups({ restUrl: "http://127.0.0.1:1", timeoutMs: 500 }).erc20ByDenom("uinit"),
    );
    expect(down.status).toBe(400);
    expect(down.message).toMatch(
      /^no ERC-20 contract for denom uinit on this chain: the node did not answer/,
    );
  });
});
