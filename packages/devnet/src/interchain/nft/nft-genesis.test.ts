/**
 * Genesis NFTs on the interchain's three VM chains: created by txs in each chain's first block, whose
 * events have the shapes of recorded real txs, and answered for by each node as a real one answers
 * (Move resources and view functions, cw721 contract record and smart queries, ERC-721 `name()` and
 * `ownerOf` over REST and JSON-RPC).
 */
import { decodeFunctionResult, encodeFunctionData } from "viem";
import { describe, expect, it } from "vitest";
import { keysOf, moveShapes } from "../../_test/event-shapes.js";
import {
  chainOf,
  cw721Owner,
  ERC721,
  EVM,
  erc721,
  erc721Owner,
  eventsOf,
  genesisTxs,
  http,
  kitten,
  L1,
  moveOwner,
  O,
  owner,
  REAL,
  useLiveNftNet,
  WASM,
  wasmContract,
} from "../../_test/live-nft-net.js";
import { TRANSFER_TOPIC } from "../../chain/evm-scenarios.js";
import { TYPE_MSG_CALL, TYPE_MSG_EXECUTE } from "../initia-protos.js";
import { moveLiteral } from "./nft-addresses.js";

useLiveNftNet();

describe("genesis NFTs: each VM chain's first block creates them, as a real node shows it", () => {
  it("Move: create_collection and mints, with the L1's execute and move events; resources and views answer", async () => {
    const txs = genesisTxs(L1).filter((t) => t.type === TYPE_MSG_EXECUTE);
    expect(txs.map((t) => [t.height, t.result.code])).toEqual([[1, 0]]);
    const events = txs[0]?.result.events ?? [];
    const shapes = moveShapes(events);
    for (const tag of [
      "0x1::object::CreateEvent",
      "0x1::collection::CreateCollectionEvent",
      "0x1::collection::MintEvent",
      "0x1::object::TransferEvent",
    ])
      expect(shapes.data.get(tag), tag).toEqual(REAL.move.data.get(tag));
    expect(shapes.execute).toEqual(REAL.move.execute);
    const minted = eventsOf(events, "move").filter((e) => e.type_tag === "0x1::object::TransferEvent");
    expect(minted.map((e) => JSON.parse(e.data ?? "").to)).toEqual([
      moveLiteral(owner().key.hex),
      moveLiteral(owner().key.hex),
    ]);
    const [collection] = chainOf(L1).nfts.collections();
    expect(collection).toMatchObject({ standard: "move", name: "Weft Live Kittens", height: 1 });
    const truth = chainOf(L1).nftTruth(1);
    expect(truth.tokens.filter((t) => t.collection === collection?.address)).toEqual([
      {
        collection: collection?.address,
        tokenId: "kitten-1",
        owner: O(),
        object: kitten("kitten-1"),
        height: 1,
      },
      {
        collection: collection?.address,
        tokenId: "kitten-2",
        owner: O(),
        object: kitten("kitten-2"),
        height: 1,
      },
    ]);
    const resource = await http(
      L1,
      `/initia/move/v1/accounts/${kitten("kitten-1")}/resources/by_struct_tag?struct_tag=0x1::nft::Nft`,
    );
    expect(JSON.parse(resource.resource.move_resource).data).toMatchObject({
      collection: { inner: moveLiteral(collection?.address ?? "") },
      token_id: "kitten-1",
    });
    const name = await http(L1, "/initia/move/v1/view/json", {
      address: "0x1",
      module_name: "collection",
      function_name: "name",
      type_args: ["0x1::collection::Collection"],
      args: [JSON.stringify(collection?.address)],
    });
    expect(name).toEqual({ status: 200, data: '"Weft Live Kittens"', events: [], gas_used: name.gas_used });
    expect(await moveOwner(kitten("kitten-2"))).toBe(moveLiteral(owner().key.hex));
  });

  it("cw721: instantiate and mints with miniwasm's events; contract record, contract_info and owner_of answer", async () => {
    const txs = genesisTxs(WASM);
    expect(txs.map((t) => [t.type, t.result?.code])).toEqual([
      ["/cosmwasm.wasm.v1.MsgInstantiateContract", 0],
    ]);
    const events = txs[0]?.result.events ?? [];
    expect(eventsOf(events, "instantiate")).toEqual([
      { _contract_address: wasmContract(), code_id: "1", msg_index: "0" },
    ]);
    const mints = events.filter((e) => e.type === "wasm");
    expect(mints.map((e) => e.attributes.map((a) => a.key))).toEqual(
      [1, 2].map(() => keysOf(REAL.cw721Mint, "wasm")[0]),
    );
    expect(keysOf(events, "execute")[0]).toEqual(keysOf(REAL.cw721Mint, "execute")[0]);
    expect(eventsOf(events, "wasm").map((e) => [e.action, e.owner, e.token_id])).toEqual([
      ["mint", O(), "card-1"],
      ["mint", O(), "card-2"],
    ]);
    const record = await http(WASM, `/cosmwasm/wasm/v1/contract/${wasmContract()}`);
    expect(record.contract_info.creator).toBe(chainOf(WASM).nfts.collections()[0]?.creator);
    const info = Buffer.from('{"contract_info":{}}').toString("base64");
    expect((await http(WASM, `/cosmwasm/wasm/v1/contract/${wasmContract()}/smart/${info}`)).data).toEqual({
      name: "Weft Live Cards",
      symbol: "WLC",
    });
    expect(await cw721Owner(wasmContract(), "card-2")).toBe(O());
  });

  it("ERC-721: MsgCall mints with minievm's call and evm events (Transfer from zero); name() and ownerOf answer", async () => {
    const txs = genesisTxs(EVM);
    expect(txs.map((t) => [t.height, t.type, t.result.code])).toEqual([[1, TYPE_MSG_CALL, 0]]);
    const events = txs[0]?.result.events ?? [];
    expect(keysOf(events, "call")).toEqual([1, 2, 3].map(() => keysOf(REAL.erc721, "call")[0]));
    const realLog = JSON.parse(eventsOf(REAL.erc721, "evm").find((e) => e.log)?.log ?? "{}");
    const logs = eventsOf(events, "evm").map((e) => JSON.parse(e.log ?? "{}"));
    expect(logs.map((l) => Object.keys(l))).toEqual(logs.map(() => Object.keys(realLog)));
    expect(
      logs.map((l) => [
        l.address,
        l.topics[0],
        BigInt(l.topics[1]),
        BigInt(l.topics[2]),
        BigInt(l.topics[3]),
      ]),
    ).toEqual([1n, 2n, 3n].map((id) => [erc721(), TRANSFER_TOPIC, 0n, BigInt(owner().key.hex), id]));
    const data = encodeFunctionData({ abi: ERC721, functionName: "name" });
    const rpc = await http(EVM, "/", {
      jsonrpc: "2.0",
      id: 7,
      method: "eth_call",
      params: [{ to: erc721(), data }, "latest"],
    });
    expect(decodeFunctionResult({ abi: ERC721, functionName: "name", data: rpc.result })).toBe(
      "Weft Live Punks",
    );
    expect(await erc721Owner(erc721(), 3n)).toBe(owner().key.hex);
    const uri = await http(EVM, "/minievm/evm/v1/call", {
      sender: O(),
      contract_addr: erc721(),
      input: encodeFunctionData({ abi: ERC721, functionName: "tokenURI", args: [3n] }),
      value: "0",
    });
    expect(decodeFunctionResult({ abi: ERC721, functionName: "tokenURI", data: uri.response })).toBe(
      "https://devnet.weft.example/live/weft-evm-1/0/3",
    );
  });
});
