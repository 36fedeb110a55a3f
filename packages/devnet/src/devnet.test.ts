import { createHash } from "node:crypto";
import { bech32 } from "bech32";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFixture } from "./_test/real-rpc.js";
import { createChain } from "./chain/create-chain.js";
import { type DevnetNode, startDevnetNode } from "./node-server.js";

const real = (f: string) => readFixture<{ result: Record<string, unknown> }>(f);
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

let node: DevnetNode;
beforeAll(async () => {
  node = await startDevnetNode({ chain: createChain({ seed: 7 }), initialBlocks: 50 });
});
afterAll(() => node.close());

const get = async (p: string) => (await fetch(`${node.url}${p}`)).json() as Promise<Record<string, unknown>>;

describe("chain", () => {
  it("is byte-identical for the same seed and differs for another", () => {
    const a = createChain({ seed: 3 });
    const b = createChain({ seed: 3 });
    const c = createChain({ seed: 4 });
    const dump = (chain: typeof a) =>
      sha(JSON.stringify(Array.from({ length: 30 }, (_, i) => chain.block(i + 1))));
    expect(dump(a)).toBe(dump(b));
    expect(dump(a)).not.toBe(dump(c));
  });

  it("serves real protobuf txs whose hash, messages and REST JSON agree", () => {
    const chain = createChain({ seed: 7 });
    let checked = 0;
    for (let h = 1; h <= 30; h++) {
      const payload = chain.block(h);
      const truth = chain.truth(h);
      payload.block.block.data.txs.forEach((b64, i) => {
        const raw = Buffer.from(b64, "base64");
        expect(createHash("sha256").update(raw).digest("hex").toUpperCase()).toBe(truth[i]?.hash);
        const body = TxBody.decode(TxRaw.decode(raw).bodyBytes);
        const rest = payload.txs[i];
        expect(`/${truth[i]?.msgType}`).toBe(body.messages[0]?.typeUrl);
        expect(rest?.body.messages[0]?.["@type"]).toBe(body.messages[0]?.typeUrl);
        if (body.messages[0]?.typeUrl === "/cosmos.bank.v1beta1.MsgSend") {
          const msg = MsgSend.decode(body.messages[0].value);
          expect(rest?.body.messages[0]).toMatchObject({
            from_address: msg.fromAddress,
            to_address: msg.toAddress,
          });
        }
        checked++;
      });
      expect(payload.results.txs_results?.length ?? 0).toBe(payload.block.block.data.txs.length);
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe("node protocols", () => {
  it("shapes /block and /block_results like a real CometBFT 0.38 node", async () => {
    const block = (await get("/block?height=5")).result as Record<string, Record<string, unknown>>;
    const realBlock = real("cometbft/cronos-testnet-338-3_h27101811.block.json").result as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(block)).toEqual(Object.keys(realBlock));
    expect(Object.keys(block.block ?? {})).toEqual(expect.arrayContaining(["header", "data", "last_commit"]));
    const results = (await get("/block_results?height=5")).result as Record<string, unknown>;
    const realResults = real("cometbft/cronos-testnet-338-3_h27101811.block_results.json").result;
    for (const key of [
      "height",
      "txs_results",
      "finalize_block_events",
      "validator_updates",
      "consensus_param_updates",
      "app_hash",
    ]) {
      expect(Object.keys(results)).toContain(key);
      expect(Object.keys(realResults)).toContain(key);
    }
  });

  it("answers a height above the head with the node's JSON-RPC error", async () => {
    expect(await get("/block?height=51")).toEqual({
      jsonrpc: "2.0",
      id: -1,
      error: {
        code: -32603,
        message: "Internal error",
        data: "height 51 must be less than or equal to the current blockchain height 50",
      },
    });
  });

  it("answers CometBFT methods over JSON-RPC POST, batches included, as the GET routes do", async () => {
    const res = await fetch(node.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "block", params: { height: "7" } },
        { jsonrpc: "2.0", id: 2, method: "block_results", params: ["7"] },
        { jsonrpc: "2.0", id: 3, method: "block", params: { height: "51" } },
      ]),
    });
    const [block, results, missing] = (await res.json()) as {
      id: number;
      result?: unknown;
      error?: unknown;
    }[];
    expect(block).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: ((await get("/block?height=7")) as { result: unknown }).result,
    });
    expect(results).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: ((await get("/block_results?height=7")) as { result: unknown }).result,
    });
    expect(missing).toEqual({
      jsonrpc: "2.0",
      id: 3,
      error: {
        code: -32603,
        message: "Internal error",
        data: "height 51 must be less than or equal to the current blockchain height 50",
      },
    });
  });

  it("pages REST txs by key and by offset", async () => {
    const height =
      Array.from({ length: 50 }, (_, i) => i + 1).find((h) => node.chain.block(h).txs.length >= 3) ?? 1;
    const all = node.chain.block(height).txs;
    const first = await get(`/cosmos/tx/v1beta1/txs/block/${height}?pagination.limit=2`);
    expect(first.txs).toEqual(all.slice(0, 2));
    const key = (first.pagination as { next_key: string }).next_key;
    const second = await get(
      `/cosmos/tx/v1beta1/txs/block/${height}?pagination.limit=2&pagination.key=${encodeURIComponent(key)}`,
    );
    const byOffset = await get(
      `/cosmos/tx/v1beta1/txs/block/${height}?pagination.limit=2&pagination.offset=2`,
    );
    expect(second.txs).toEqual(all.slice(2, 4));
    expect(byOffset.txs).toEqual(second.txs);
  });

  it("answers a cw721's contract_info query and contract record on a Wasm chain, with wasmd's errors", async () => {
    const wasm = await startDevnetNode({ chain: createChain({ seed: 7, vm: "wasm" }), initialBlocks: 3 });
    try {
      const [collection] = wasm.chain.nftTruth(3).collections;
      expect(collection).toBeDefined();
      const hex = Buffer.from((collection?.collection ?? "").slice(2), "hex");
      const addr = bech32.encode("init", bech32.toWords(hex), 90);
      const query = (q: object) => encodeURIComponent(Buffer.from(JSON.stringify(q)).toString("base64"));
      const ask = async (path: string) => {
        const res = await fetch(`${wasm.url}${path}`);
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      expect(await ask(`/cosmwasm/wasm/v1/contract/${addr}/smart/${query({ contract_info: {} })}`)).toEqual({
        status: 200,
        body: { data: { name: collection?.name, symbol: "WEFT0" } },
      });
      expect((await ask(`/cosmwasm/wasm/v1/contract/${addr}`)).body.contract_info).toMatchObject({
        code_id: "1",
        creator: collection?.creator,
      });
      expect((await ask(`/cosmwasm/wasm/v1/contract/${addr}/smart/${query({ tokens: {} })}`)).status).toBe(
        500,
      );
      const unknown = bech32.encode("init", bech32.toWords(Buffer.alloc(32, 1)), 90);
      expect(await ask(`/cosmwasm/wasm/v1/contract/${unknown}`)).toEqual({
        status: 404,
        body: { code: 5, message: `no such contract: ${unknown}`, details: [] },
      });
    } finally {
      await wasm.close();
    }
  });

  it("produces blocks on demand and reports them in /status", async () => {
    const before = node.head;
    node.produceBlocks(3);
    const status = (await get("/status")).result as {
      sync_info: { latest_block_height: string };
      node_info: { network: string };
    };
    expect(status.sync_info.latest_block_height).toBe(String(before + 3));
    expect(status.node_info.network).toBe("weft-devnet-1");
  });

  it("injects errors on about the configured fraction of requests", async () => {
    node.faults.errorRate = 0.3;
    let errors = 0;
    for (let i = 0; i < 200; i++) if ((await fetch(`${node.url}/status`)).status === 500) errors++;
    node.faults.errorRate = 0;
    expect(errors).toBeGreaterThan(35);
    expect(errors).toBeLessThan(85);
  });
});
