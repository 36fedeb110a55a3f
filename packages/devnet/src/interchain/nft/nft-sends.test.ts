/**
 * Same-chain NFT sends on the interchain's three VM chains, exactly as the router returns them
 * (amino JSON, encoded to protobuf, signed by a wallet and broadcast over REST). Each send is judged
 * by the node's own answers (Move `object::owner`, cw721 `owner_of`, ERC-721 `ownerOf` over both REST
 * and JSON-RPC), the live state and the tx's events; a non-owner's send fails with its VM's code
 * and changes nothing, and a tx whose later message fails undoes its earlier ones.
 */
import { encodeFunctionData } from "viem";
import { describe, expect, it } from "vitest";
import { keysOf } from "../../_test/event-shapes.js";
import {
  chainOf,
  cw721Owner,
  ERC721,
  EVM,
  erc721,
  erc721Owner,
  eventsOf,
  evmCall,
  http,
  kitten,
  L1,
  moveOwner,
  moveTransfer,
  net,
  O,
  owner,
  REAL,
  recipient,
  send,
  stranger,
  useLiveNftNet,
  WASM,
  wasmContract,
  wasmTransfer,
} from "../../_test/live-nft-net.js";
import { TRANSFER_TOPIC } from "../../chain/evm-scenarios.js";
import { moveLiteral } from "./nft-addresses.js";

useLiveNftNet();

describe("same-chain sends, as the router builds them and a wallet signs them", () => {
  it("Move: the owner's object::transfer_call moves the object and emits the L1's TransferEvent", async () => {
    const object = kitten("kitten-1");
    const tx = await send(owner(), L1, [moveTransfer(O(), object, recipient().hex)]);
    expect(tx.code, tx.raw_log).toBe(0);
    expect(eventsOf(tx.events, "execute")).toEqual([
      {
        sender: moveLiteral(owner().key.hex),
        module_addr: "0x1",
        module_name: "object",
        function_name: "transfer_call",
        msg_index: "0",
      },
    ]);
    expect(eventsOf(tx.events, "move")).toEqual([
      {
        type_tag: "0x1::object::TransferEvent",
        data: JSON.stringify({
          object: moveLiteral(object),
          from: moveLiteral(owner().key.hex),
          to: moveLiteral(recipient().hex),
        }),
        msg_index: "0",
      },
    ]);
    expect(await moveOwner(object)).toBe(moveLiteral(recipient().hex));
    const token = chainOf(L1).nfts.tokenByObject(object);
    expect(token && chainOf(L1).nfts.ownerAt(token)).toBe(recipient().bech32("init"));
  });

  it("Move: a non-owner's transfer aborts as 0x1::object does; a tx whose second message aborts undoes its first; object::transfer<T> works", async () => {
    const [k1, k2] = [kitten("kitten-1"), kitten("kitten-2")];
    const refused = await send(stranger(), L1, [
      moveTransfer(stranger().key.bech32("init"), k2, stranger().key.hex),
    ]);
    expect(refused).toMatchObject({
      code: 4,
      codespace: "move",
      raw_log: "failed to execute message; message index: 0: VM aborted: location=0x1::object, code=327684",
    });
    expect(refused.events.map((e) => e.type)).toEqual(["tx"]);
    // kitten-1 is no longer the owner's (the test above sent it): the second message aborts.
    const undone = await send(owner(), L1, [
      moveTransfer(O(), k2, recipient().hex),
      moveTransfer(O(), k1, owner().key.hex),
    ]);
    expect(undone).toMatchObject({ code: 4, codespace: "move" });
    expect(undone.raw_log).toContain("message index: 1");
    expect(await moveOwner(k2)).toBe(moveLiteral(owner().key.hex));
    // The generic object::transfer<T> moves it; the truth keeps who owned it at each height.
    const before = net().chains.get(L1)?.node.head ?? 0;
    const generic = await send(owner(), L1, [moveTransfer(O(), k2, recipient().hex, "0x1::nft::Nft")]);
    expect(generic.code, generic.raw_log).toBe(0);
    expect(await moveOwner(k2)).toBe(moveLiteral(recipient().hex));
    const ownerOfK2 = (height: number) =>
      chainOf(L1)
        .nftTruth(height)
        .tokens.find((t) => t.object === k2)?.owner;
    expect([ownerOfK2(before), ownerOfK2(before + 1)]).toEqual([O(), recipient().bech32("init")]);
  });

  it("minievm: transferFrom and safeTransferFrom by the owner, and by an approved account; the Transfer log as minievm emits it", async () => {
    const [ownerHex, recipientHex] = [owner().key.hex, recipient().hex] as [`0x${string}`, `0x${string}`];
    const transferFrom = encodeFunctionData({
      abi: ERC721,
      functionName: "transferFrom",
      args: [ownerHex, recipientHex, 1n],
    });
    expect(transferFrom.slice(0, 10)).toBe("0x23b872dd");
    const tx = await send(owner(), EVM, [evmCall(O(), erc721(), transferFrom)]);
    expect(tx.code, tx.raw_log).toBe(0);
    expect(eventsOf(tx.events, "call")).toEqual([{ contract: erc721(), ret: "0x", msg_index: "0" }]);
    expect(eventsOf(tx.events, "evm").map((e) => JSON.parse(e.log ?? ""))).toEqual([
      {
        address: erc721(),
        topics: [TRANSFER_TOPIC, ownerHex, recipientHex, 1n].map(
          (v) => `0x${BigInt(v).toString(16).padStart(64, "0")}`,
        ),
        data: "0x",
      },
    ]);
    expect(await erc721Owner(erc721(), 1n)).toBe(recipientHex);

    const safe = encodeFunctionData({
      abi: ERC721,
      functionName: "safeTransferFrom",
      args: [ownerHex, recipientHex, 2n],
    });
    expect(safe.slice(0, 10)).toBe("0x42842e0e");
    expect((await send(owner(), EVM, [evmCall(O(), erc721(), safe)])).code).toBe(0);
    expect(await erc721Owner(erc721(), 2n)).toBe(recipientHex);

    const strangerHex = stranger().key.hex as `0x${string}`;
    const approve = encodeFunctionData({ abi: ERC721, functionName: "approve", args: [strangerHex, 3n] });
    expect((await send(owner(), EVM, [evmCall(O(), erc721(), approve)])).code).toBe(0);
    const taken = encodeFunctionData({
      abi: ERC721,
      functionName: "transferFrom",
      args: [ownerHex, strangerHex, 3n],
    });
    expect(
      (await send(stranger(), EVM, [evmCall(stranger().key.bech32("init"), erc721(), taken)])).code,
    ).toBe(0);
    expect(await erc721Owner(erc721(), 3n)).toBe(strangerHex);
  });

  it("minievm: a non-owner's transferFrom reverts with minievm's RevertError and moves nothing", async () => {
    const [recipientHex, strangerHex] = [recipient().hex, stranger().key.hex] as [
      `0x${string}`,
      `0x${string}`,
    ];
    const steal = encodeFunctionData({
      abi: ERC721,
      functionName: "transferFrom",
      args: [recipientHex, strangerHex, 1n],
    });
    const tx = await send(stranger(), EVM, [evmCall(stranger().key.bech32("init"), erc721(), steal)]);
    expect(tx).toMatchObject({
      code: 23,
      codespace: "evm",
      raw_log: "failed to execute message; message index: 0: Reverted",
    });
    expect(tx.events.map((e) => e.type)).toEqual(["tx"]);
    expect(await erc721Owner(erc721(), 1n)).toBe(recipientHex);
    // ownerOf of a token that does not exist reverts with ERC721NonexistentToken(7).
    const data = encodeFunctionData({ abi: ERC721, functionName: "ownerOf", args: [7n] });
    const rpc = await http(EVM, "/", {
      jsonrpc: "2.0",
      id: 2,
      method: "eth_call",
      params: [{ to: erc721(), data }, "latest"],
    });
    expect(rpc.error).toEqual({
      code: 3,
      message: "execution reverted",
      data: `0x7e273289${"7".padStart(64, "0")}`,
    });
  });

  it("miniwasm: the owner's transfer_nft moves the token with cw721's events; a non-owner's is refused", async () => {
    const tx = await send(owner(), WASM, [
      wasmTransfer(O(), wasmContract(), recipient().bech32("init"), "card-1"),
    ]);
    expect(tx.code, tx.raw_log).toBe(0);
    expect(keysOf(tx.events, "wasm")).toEqual(keysOf(REAL.cw721Transfer, "wasm"));
    expect(eventsOf(tx.events, "wasm")).toEqual([
      {
        _contract_address: wasmContract(),
        action: "transfer_nft",
        sender: O(),
        recipient: recipient().bech32("init"),
        token_id: "card-1",
        msg_index: "0",
      },
    ]);
    expect(await cw721Owner(wasmContract(), "card-1")).toBe(recipient().bech32("init"));

    const stolen = wasmTransfer(
      stranger().key.bech32("init"),
      wasmContract(),
      stranger().key.bech32("init"),
      "card-2",
    );
    const refused = await send(stranger(), WASM, [stolen]);
    expect(refused).toMatchObject({
      code: 5,
      codespace: "wasm",
      raw_log:
        "failed to execute message; message index: 0: Caller is not the contract's current owner: execute wasm contract failed",
    });
    expect(await cw721Owner(wasmContract(), "card-2")).toBe(O());
  });
});
