import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.js";
import { toBech32 } from "../chain/addresses.js";
import { createNodeLookups, VALIDATOR_FAILURE_TTL_MS, VALIDATOR_MISS_TTL_MS } from "./node-lookups.js";

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

describe("validator", () => {
  const valoperOf = (n: DevnetNode) => {
    const hex = n.chain.block(1).block.block.header.proposer_address;
    return toBech32(Buffer.from(hex, "hex"), "initvaloper");
  };

  it("asks the node once per known validator, concurrent askers included", async () => {
    const counting = countingFetch();
    const lookups = createNodeLookups({ restUrl: node.url, fetch: counting.fetch });
    const valoper = valoperOf(node);
    const expected = { moniker: "devnet-validator-3", operator_address: valoper };
    expect(await Promise.all([lookups.validator(valoper), lookups.validator(valoper)])).toEqual([
      expected,
      expected,
    ]);
    expect(await lookups.validator(valoper)).toEqual(expected);
    expect(counting.asked).toEqual([`${node.url}/opinit/opchild/v1/validator/${valoper}`]);
  });

  it("remembers an unknown validator for a minute and a failed read for seconds, then asks again", async () => {
    let clock = 0;
    const counting = countingFetch();
    const unknown = toBech32(Buffer.alloc(20, 7), "initvaloper");
    const lookups = createNodeLookups({ restUrl: node.url, fetch: counting.fetch, now: () => clock });
    expect(await lookups.validator(unknown)).toBeNull();
    clock += VALIDATOR_MISS_TTL_MS - 1;
    expect(await lookups.validator(unknown)).toBeNull();
    expect(counting.asked).toHaveLength(1);
    clock += 2;
    expect(await lookups.validator(unknown)).toBeNull();
    expect(counting.asked).toHaveLength(2);

    const failing = countingFetch();
    const down = createNodeLookups({ restUrl: "http://127.0.0.1:1", fetch: failing.fetch, now: () => clock });
    expect(await down.validator(unknown)).toBeNull();
    expect(await down.validator(unknown)).toBeNull();
    expect(failing.asked).toHaveLength(1);
    clock += VALIDATOR_FAILURE_TTL_MS + 1;
    expect(await down.validator(unknown)).toBeNull();
    expect(failing.asked).toHaveLength(2);
  });

  it("without a REST URL: null, nothing asked", async () => {
    expect(await createNodeLookups({}).validator(toBech32(Buffer.alloc(20, 1), "initvaloper"))).toBeNull();
  });
});
