/**
 * The live interchain of the NFT tests (interchain/nft/*.test.ts): each VM chain with genesis NFTs
 * of one owner (Move kittens on the L1, ERC-721 punks on minievm, cw721 cards on miniwasm), a
 * stranger and a recipient; and what those tests do to it over the nodes' HTTP, as a wallet would:
 * send the router's amino messages, and ask each VM's node who owns a token.
 */
import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi } from "viem";
import { afterAll, beforeAll, expect } from "vitest";
import { bech32Of } from "../chain/chain-setup.js";
import { bcsAddress } from "../chain/msgs/move-nft-execute.js";
import { TYPE_MSG_CALL, TYPE_MSG_EXECUTE } from "../interchain/initia-protos.js";
import { type Interchain, L1_CHAIN_ID, startInterchain } from "../interchain/interchain.js";
import { createTestKey, type TestKey } from "../interchain/test-keys.js";
import { createWallet, type Wallet } from "../interchain/test-wallet.js";
import type { AbciEvent } from "../payloads.js";
import { moveShapes, realEvents } from "./event-shapes.js";

export const [L1, EVM, WASM] = [L1_CHAIN_ID, "weft-evm-1", "weft-wasm-1"];
export const ERC721 = parseAbi([
  "function transferFrom(address from, address to, uint256 tokenId)",
  "function safeTransferFrom(address from, address to, uint256 tokenId)",
  "function approve(address to, uint256 tokenId)",
  "function ownerOf(uint256 tokenId) view returns (address)",
  "function name() view returns (string)",
  "function tokenURI(uint256 tokenId) view returns (string)",
]);
export const REAL = {
  move: moveShapes([
    ...realEvents("l1-interwoven-1/h2090166_ibc_recv_packet_ics721_from_intergaze-1"),
    ...realEvents("l1-interwoven-1/h3632268_ibc_send_packet_ics721_to_civitia-1"),
  ]),
  cw721Mint: realEvents("miniwasm-moo-1/h415297_wasm_cw721_mint"),
  cw721Transfer: realEvents("miniwasm-moo-1/h441805_wasm_cw721_transfer"),
  erc721: realEvents("minievm-embrmainnet-1/h1607621_ibc_recv_packet_ics721_erc721_minted"),
};

let state: { net: Interchain; owner: Wallet; stranger: Wallet; recipient: TestKey } | undefined;
const live = () => {
  if (!state) throw new Error("useLiveNftNet() starts the interchain before the tests");
  return state;
};
export const net = () => live().net;
export const owner = () => live().owner;
export const stranger = () => live().stranger;
export const recipient = () => live().recipient;
/** The owner's account. */
export const O = () => owner().key.bech32("init");
export const chainOf = (id: string) =>
  net().chains.get(id)?.chain as NonNullable<ReturnType<Interchain["chains"]["get"]>>["chain"];

/** Starts the interchain before the file's tests (genesis NFTs sealed in block 1), closes it after. */
export function useLiveNftNet(): void {
  beforeAll(async () => {
    const [o, s, r] = await Promise.all([
      createWallet("nft-owner"),
      createWallet("nft-stranger"),
      createTestKey("nft-recipient"),
    ]);
    const ownerAddress = o.key.bech32("init");
    const funded = { [ownerAddress]: { uinit: 1n }, [s.key.bech32("init")]: { uinit: 1n } };
    const tokens = (...ids: string[]) => ids.map((id) => ({ id, owner: ownerAddress }));
    const started = await startInterchain({
      genesis: { [L1]: funded, [EVM]: funded, [WASM]: funded },
      nfts: {
        [L1]: [{ name: "Weft Live Kittens", tokens: tokens("kitten-1", "kitten-2") }],
        [EVM]: [{ name: "Weft Live Punks", symbol: "WLP", tokens: tokens("1", "2", "3") }],
        [WASM]: [{ name: "Weft Live Cards", symbol: "WLC", tokens: tokens("card-1", "card-2") }],
      },
    });
    started.produce(1);
    state = { net: started, owner: o, stranger: s, recipient: r };
  });
  afterAll(async () => {
    await state?.net.close();
    state = undefined;
  });
}

// biome-ignore lint/suspicious/noExplicitAny: node answers are asserted field by field.
export async function http(chainId: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${net().urls[chainId]}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, ...((await res.json()) as object) };
}

/** Signs `msgs` (amino JSON, as the router returns them) as `wallet`, broadcasts, seals; the tx_response. */
export async function send(wallet: Wallet, chainId: string, msgs: { msg_type_url: string; msg: unknown }[]) {
  const rest = net().urls[chainId] ?? "";
  const signer = wallet.key.bech32("init");
  const raw = await wallet.sign(
    chainId,
    rest,
    signer,
    msgs.map((m) => ({ msg_type_url: m.msg_type_url, msg: JSON.stringify(m.msg) })),
  );
  const admitted = await wallet.broadcast(rest, raw);
  expect(admitted.code, admitted.raw_log).toBe(0);
  net().produce(1);
  return (await http(chainId, `/cosmos/tx/v1beta1/txs/${admitted.txhash}`)).tx_response as {
    code: number;
    codespace: string;
    raw_log: string;
    events: AbciEvent[];
  };
}

const b64 = (b: Buffer) => b.toString("base64");
/** `0x1::object::transfer_call(object, to)`, or with `type` the generic `0x1::object::transfer<type>`. */
export const moveTransfer = (sender: string, object: string, toHex: string, type?: string) => ({
  msg_type_url: TYPE_MSG_EXECUTE,
  msg: {
    sender,
    module_address: "0x1",
    module_name: "object",
    function_name: type ? "transfer" : "transfer_call",
    type_args: type ? [type] : [],
    args: [b64(bcsAddress(object)), b64(bcsAddress(toHex))],
  },
});
export const evmCall = (sender: string, contract: string, input: string) => ({
  msg_type_url: TYPE_MSG_CALL,
  msg: { sender, contract_addr: contract, input, value: "0", access_list: [] },
});
export const wasmTransfer = (sender: string, contract: string, to: string, tokenId: string) => ({
  msg_type_url: "/cosmwasm.wasm.v1.MsgExecuteContract",
  msg: { sender, contract, msg: { transfer_nft: { recipient: to, token_id: tokenId } }, funds: [] },
});

export const moveOwner = async (object: string) => {
  const body = await http(L1, "/initia/move/v1/view/json", {
    address: "0x1",
    module_name: "object",
    function_name: "owner",
    type_args: ["0x1::object::ObjectCore"],
    args: [JSON.stringify(object)],
  });
  return JSON.parse(body.data) as string;
};
export const cw721Owner = async (contract: string, tokenId: string) => {
  const query = Buffer.from(JSON.stringify({ owner_of: { token_id: tokenId } })).toString("base64");
  return (await http(WASM, `/cosmwasm/wasm/v1/contract/${contract}/smart/${query}`)).data?.owner as string;
};
/** ownerOf by JSON-RPC eth_call and by minievm's REST call, which must agree. */
export const erc721Owner = async (contract: string, tokenId: bigint) => {
  const data = encodeFunctionData({ abi: ERC721, functionName: "ownerOf", args: [tokenId] });
  const rpc = await http(EVM, "/", {
    jsonrpc: "2.0",
    id: 1,
    method: "eth_call",
    params: [{ to: contract, data }, "latest"],
  });
  const rest = await http(EVM, "/minievm/evm/v1/call", {
    sender: O(),
    contract_addr: contract,
    input: data,
    value: "0",
  });
  expect(rest.response).toBe(rpc.result);
  return decodeFunctionResult({ abi: ERC721, functionName: "ownerOf", data: rpc.result }).toLowerCase();
};
/** The live cw721's bech32 and the ERC-721's 0x address (each chain's one genesis collection). */
export const wasmContract = () => bech32Of(chainOf(WASM).nfts.collections()[0]?.address ?? "", "init");
export const erc721 = () => getAddress(chainOf(EVM).nfts.collections()[0]?.address ?? "");
export const kitten = (id: string) => {
  const c = chainOf(L1).nfts.collections()[0];
  return chainOf(L1).nfts.token(c?.address ?? "", id)?.object ?? "";
};
/** The events of `tx` of `type`, each as key -> value. */
export const eventsOf = (events: AbciEvent[], type: string) =>
  events
    .filter((e) => e.type === type)
    .map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])));
/** The txs of `chainId`'s genesis NFTs: those its NFT creator signed, with their message types. */
export const genesisTxs = (chainId: string) => {
  const creator = chainOf(chainId).nfts.collections()[0]?.creator ?? "";
  return chainOf(chainId)
    .searchTxs([{ type: "message", key: "sender", value: creator }])
    .map((tx) => ({ height: tx.height, type: tx.rest.body.messages[0]?.["@type"], result: tx.result }));
};
