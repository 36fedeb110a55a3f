/**
 * Who owns an NFT, as the node's own state says (not its events, not Weft): an ERC-721's `ownerOf` by
 * `eth_call` on minievm, a Move object's `0x1::object::owner` by the node's view function on
 * minimove. The truth an NFT send is held to.
 */
import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from "viem";
import { accountOfMoveAddress } from "../minimove/move-events.js";
import { hexToBech32 } from "../node/node-home.js";
import { jsonRpc } from "../node/node-queries.js";
import type { RealNode } from "../node/start-node.js";

const REQUEST_TIMEOUT_MS = 10_000;
const ERC721 = parseAbi(["function ownerOf(uint256 tokenId) view returns (address)"]);

/** An NFT as each VM names it: the ERC-721 and id, or the Move object. */
export type NftOnNode =
  | { vm: "evm"; collection: string; tokenId: string }
  | { vm: "move"; objectAddr: string };

/** The bech32 owner of `nft` at the node's latest height. */
export async function nftOwnerOnNode(node: RealNode, nft: NftOnNode): Promise<string> {
  if (nft.vm === "evm") {
    if (!node.jsonRpcUrl) throw new Error("an ERC-721 owner needs the node's JSON-RPC");
    const data = encodeFunctionData({ abi: ERC721, functionName: "ownerOf", args: [BigInt(nft.tokenId)] });
    const result = await jsonRpc<Hex>(node.jsonRpcUrl, "eth_call", [{ to: nft.collection, data }, "latest"]);
    return hexToBech32("init", decodeFunctionResult({ abi: ERC721, functionName: "ownerOf", data: result }));
  }
  // view/json takes each argument as JSON text; an Object<T> is its address as a JSON string.
  const res = await fetch(`${node.restUrl}/initia/move/v1/view/json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      address: "0x1",
      module_name: "object",
      function_name: "owner",
      type_args: ["0x1::object::ObjectCore"],
      args: [JSON.stringify(nft.objectAddr)],
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`0x1::object::owner(${nft.objectAddr}) -> ${res.status}: ${text}`);
  return accountOfMoveAddress(JSON.parse((JSON.parse(text) as { data: string }).data) as string);
}
