/**
 * What a live chain's node answers about its live NFTs beyond what the base node serves from the
 * chain (resources, contract records): per VM, the queries a wallet, router or indexer asks of a
 * real node, at the chain's head.
 * - move: `POST /initia/move/v1/view/json` (move-nfts.ts);
 * - wasm: a live cw721's smart queries, `GET /cosmwasm/wasm/v1/contract/{addr}/smart/{base64}`
 *   (cw721-nfts.ts);
 * - evm: `POST /minievm/evm/v1/call` and JSON-RPC `eth_call` of a live ERC-721 (erc721-nfts.ts),
 *   single or batched when every call in the batch is one.
 * Anything else is left to the node (undefined).
 */
import { bech32 } from "bech32";
import type { NodeExtension } from "../../node-server.js";
import { minievmCallAnswer } from "../../rest-state.js";
import type { LiveChain } from "../live-chain/live-chain-types.js";
import { cw721Query } from "./cw721-nfts.js";
import { erc721EthCall } from "./erc721-nfts.js";
import type { NftVm } from "./live-nfts.js";
import { moveView } from "./move-nfts.js";

type Route = NonNullable<NodeExtension["route"]>;

const SMART_QUERY = /^\/cosmwasm\/wasm\/v1\/contract\/([a-z0-9]+)\/smart\/([A-Za-z0-9+/=_%-]+)$/;

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function createNftRoutes(chain: LiveChain, vm: NftVm): Route {
  const { nfts } = chain;

  /** One JSON-RPC `eth_call` request to a live ERC-721, answered; undefined for any other request. */
  const ethCall = (request: unknown) => {
    const r = request as { id?: unknown; method?: unknown; params?: unknown };
    if (r?.method !== "eth_call" || !Array.isArray(r.params)) return undefined;
    const tx = r.params[0] as { to?: unknown; data?: unknown; input?: unknown } | undefined;
    const data = tx?.input ?? tx?.data;
    if (typeof tx?.to !== "string" || typeof data !== "string") return undefined;
    const answer = erc721EthCall(nfts, tx.to, data, chain.head);
    if (!answer) return undefined;
    const base = { jsonrpc: "2.0", id: r.id ?? null };
    return "output" in answer
      ? { ...base, result: answer.output }
      : { ...base, error: { code: 3, message: "execution reverted", data: answer.revert } };
  };

  return async (method, url, body) => {
    const path = url.pathname;
    if (vm === "move" && method === "POST" && path === "/initia/move/v1/view/json")
      return moveView(nfts, body);
    if (vm === "wasm" && method === "GET") {
      const smart = SMART_QUERY.exec(path);
      if (!smart) return undefined;
      let address: string;
      try {
        address = `0x${Buffer.from(bech32.fromWords(bech32.decode(smart[1] ?? "", 128).words)).toString("hex")}`;
      } catch {
        return undefined;
      }
      const query = parse(Buffer.from(decodeURIComponent(smart[2] ?? ""), "base64").toString("utf8"));
      if (!query || typeof query !== "object") return undefined;
      return cw721Query(nfts, address, query as Record<string, Record<string, unknown>>, chain.head);
    }
    if (vm !== "evm" || method !== "POST") return undefined;
    if (path === "/minievm/evm/v1/call") {
      const call = parse(body) as { contract_addr?: unknown; input?: unknown } | undefined;
      if (typeof call?.contract_addr !== "string" || typeof call.input !== "string") return undefined;
      const answer = erc721EthCall(nfts, call.contract_addr, call.input, chain.head);
      if (!answer) return undefined;
      return minievmCallAnswer("output" in answer ? answer.output : undefined);
    }
    if (path !== "/") return undefined;
    const request = parse(body);
    if (Array.isArray(request)) {
      const answers = request.map(ethCall);
      return answers.length > 0 && answers.every((a) => a !== undefined)
        ? { status: 200, body: answers }
        : undefined;
    }
    const answer = ethCall(request);
    return answer && { status: 200, body: answer };
  };
}
