import { describe, expect, it } from "vitest";
import { recordedZeroFeeTxs as recorded } from "./_test/recorded-txs.js";
import { createContract } from "./contract.js";
import { discover, evmHeightOf } from "./discovery.js";
import type { Exchange, Probe } from "./http-probe.js";
import { fillPath } from "./operation-params.js";

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

  describe("on a zero-fee chain (recorded txs: every fee is empty)", () => {
    const ERC20 = "0xf5059a5d33d5853360d16c683c16e67980206f36";
    const holders = { holders: [{ account: "0x1", amount: "5" }] };
    const chain = (txs: unknown[], evmTxs: unknown[]) => ({
      "/indexer/block/v1/blocks": { blocks: [{ height: "400", tx_count: "0" }] },
      "/indexer/tx/v1/txs": { txs },
      "/indexer/tx/v1/evm-txs": { txs: evmTxs },
    });

    it("takes the denom the txs moved (bank events and messages)", async () => {
      const evm = chain([recorded.minievm_bank_send], []);
      expect((await discover(fakeProbe({ ...evm, "/indexer/richlist/v1/GAS": holders }))).denom).toBe("GAS");
      // A denom is still found when its rich list is empty: the laws then read an empty list.
      expect((await discover(fakeProbe(evm))).denom).toBe("GAS");
      const move = chain([recorded.minimove_multi_send], []);
      expect((await discover(fakeProbe(move))).denom).toBe("umin");
    });

    it("takes an ERC-20 of the EVM txs' Transfer logs when no tx moved a bank denom", async () => {
      const evmTxs = [recorded.minievm_erc721_transfer, recorded.minievm_erc20_transfer];
      expect((await discover(fakeProbe(chain([], evmTxs)))).denom).toBe(ERC20);
    });

    it("takes the ERC-20 over a moved denom whose rich list has no holder", async () => {
      const bodies = chain([recorded.minievm_bank_send], [recorded.minievm_erc20_transfer]);
      const found = await discover(fakeProbe({ ...bodies, [`/indexer/richlist/v1/${ERC20}`]: holders }));
      expect(found.denom).toBe(ERC20);
    });
  });

  it("takes a settled height with EVM txs for the EVM by_height operations", async () => {
    const evmTx = (hash: string, height: number) => ({
      transactionHash: `0x${hash.repeat(64)}`,
      blockNumber: `0x${height.toString(16)}`,
      from: "0x58a57ed9d8d624cbd12e2c467d34787555bb1b25",
      logs: [],
    });
    const found = await discover(
      fakeProbe({
        "/indexer/block/v1/blocks": { blocks: [{ height: "342", tx_count: "1" }] },
        // The head's EVM tx may still be being written; 339 has the most internal txs.
        "/indexer/tx/v1/evm-txs": { txs: [evmTx("a", 342), evmTx("b", 341), evmTx("c", 339)] },
        "/indexer/tx/v1/evm-internal-txs": {
          internal_txs: [{ height: 342 }, { height: 341 }, { height: 339 }, { height: 339 }],
        },
      }),
    );
    expect(found.evm).toEqual({
      txHash: `0x${"a".repeat(64)}`,
      account: "0x58a57ed9d8d624cbd12e2c467d34787555bb1b25",
      height: "339",
    });
    const contract = createContract();
    const op = (id: string) => contract.operations.find((o) => o.operationId === id)!;
    for (const id of ["listEvmTxsByHeight", "listEvmInternalTxsByHeight"])
      expect(fillPath(op(id), found)).toEqual({
        path: op(id).path.replace("{height}", "339"),
        placeholders: [],
      });
  });
});

describe("evmHeightOf", () => {
  const evm = (...heights: (number | string)[]) => heights.map((h) => ({ blockNumber: h }));
  const internal = (...heights: number[]) => heights.map((height) => ({ height }));

  it("prefers the most EVM txs, then the most internal txs, then the newest, below the head", () => {
    expect(evmHeightOf(evm("0x5", "0x5", "0x7"), internal(7, 7, 7), 10)).toBe("5");
    expect(evmHeightOf(evm("0x5", "0x7"), internal(5, 5, 7), 10)).toBe("5");
    expect(evmHeightOf(evm("0x5", "0x7"), [], 10)).toBe("7");
    expect(evmHeightOf(evm("0x5", "0x7"), [], 7)).toBe("5");
  });

  it("finds none without EVM txs below the head", () => {
    expect(evmHeightOf([], internal(3), 10)).toBeUndefined();
    expect(evmHeightOf(evm("0xa"), [], 10)).toBeUndefined();
    expect(evmHeightOf([{ blockNumber: "pending" }], [], 10)).toBeUndefined();
  });
});
