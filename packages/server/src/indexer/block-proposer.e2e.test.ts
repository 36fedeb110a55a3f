import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { toBech32 } from "../chain/addresses.js";
import { deriveBlock } from "../ingest/derive/derive-block.js";
import { createPostgresSink } from "../ingest/postgres-sink.js";

const BLOCKS = 12;
const database = useTestDatabase();
const chain = createChain({ seed: 9 });
let node: DevnetNode;
beforeAll(async () => {
  node = await startDevnetNode({ chain, initialBlocks: BLOCKS });
  const sink = createPostgresSink({ pool: database().db.pool, chainId: chain.chainId });
  try {
    for (let h = 1; h <= BLOCKS; h++) await sink.write(BigInt(h), deriveBlock(chain.block(h), chain.prefix));
  } finally {
    sink.close();
  }
}, 60_000);
afterAll(() => node.close());

const serve = (restUrl: () => string | undefined) =>
  serveForTests(() =>
    createTestApp({
      db: database().db,
      chain: { chainId: chain.chainId, prefix: "init", vmType: "move", restUrl: restUrl() },
    }),
  );
const withNode = serve(() => node.url);
// A node that knows no validator: opchild's 404 for every address.
let unknownNode: DevnetNode;
beforeAll(async () => {
  unknownNode = await startDevnetNode({ chain: createChain({ seed: 10 }), initialBlocks: 1 });
});
afterAll(() => unknownNode.close());
const withUnknown = serve(() => unknownNode.url);
const withDeadNode = serve(() => "http://127.0.0.1:1");

const valoper = toBech32(
  Buffer.from(chain.block(1).block.block.header.proposer_address, "hex"),
  "initvaloper",
);

async function get<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
type Proposer = { moniker: string; identity: string; operator_address: string };

describe("block proposer, resolved over the node's opchild validator route", () => {
  it("names the validator (moniker, valoper) in the list and the single block, as the reference does", async () => {
    const expected = { moniker: "devnet-validator-9", identity: "", operator_address: valoper };
    expect(chain.validator(valoper)?.moniker).toBe(expected.moniker);
    const list = await get<{ blocks: { proposer: Proposer }[] }>(withNode(), "/indexer/block/v1/blocks");
    expect(list.blocks).toHaveLength(BLOCKS);
    for (const b of list.blocks) expect(b.proposer).toEqual(expected);
    const one = await get<{ block: { proposer: Proposer } }>(withNode(), "/indexer/block/v1/blocks/3");
    expect(Object.keys(one.block.proposer)).toEqual(["moniker", "identity", "operator_address"]);
    expect(one.block.proposer).toEqual(expected);
  });

  it("a validator the node does not know, or a node that cannot answer: no moniker, the valoper address", async () => {
    const unresolved = { moniker: "", identity: "", operator_address: valoper };
    for (const base of [withUnknown(), withDeadNode()]) {
      const list = await get<{ blocks: { proposer: Proposer }[] }>(
        base,
        "/indexer/block/v1/blocks?pagination.limit=3",
      );
      expect(list.blocks.map((b) => b.proposer)).toEqual([unresolved, unresolved, unresolved]);
      const one = await get<{ block: { proposer: Proposer } }>(base, "/indexer/block/v1/blocks/2");
      expect(one.block.proposer).toEqual(unresolved);
    }
  });
});
