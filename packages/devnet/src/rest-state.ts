/**
 * The Cosmos REST state queries a reference indexer (rollytics) asks of a node beyond blocks and
 * txs, in the shapes a real Initia node's grpc-gateway prints: the latest block
 * (`/cosmos/base/tendermint/v1beta1/blocks/latest`), the node's versions (`.../node_info`), a Move
 * resource by struct tag (`/initia/move/v1/accounts/{addr}/resources/by_struct_tag`) and minievm's
 * read-only call (`POST /minievm/evm/v1/call`). State reads honour `x-cosmos-block-height` (0 or
 * absent = the head), as the node's gRPC gateway does.
 */
import type { Chain } from "./chain.js";

export interface RestAnswer {
  status: number;
  body: unknown;
}

/** minievm's version on the devnet: >= v1.1.0 is where rollytics turns internal-tx indexing on. */
const APP_VERSION = "v1.1.6";
const COMET_VERSION = "0.38.17";

const notFound = (message: string): RestAnswer => ({ status: 404, body: { code: 5, message, details: [] } });
const invalid = (message: string): RestAnswer => ({ status: 400, body: { code: 3, message, details: [] } });

/** The height a state query reads: the `x-cosmos-block-height` header, else the head. */
function queryHeight(header: string | string[] | undefined, head: number): number | RestAnswer {
  if (header === undefined || header === "" || header === "0") return head;
  const h = Number(header);
  if (!Number.isSafeInteger(h) || h < 0) return invalid(`invalid height header: ${String(header)}`);
  if (h > head) return invalid(`cannot query with height in the future; please provide a valid height`);
  return h;
}

export function answerRestState(
  chain: Chain,
  head: number,
  request: { method: string; url: URL; heightHeader: string | string[] | undefined; body: string },
): RestAnswer | undefined {
  const { method, url } = request;
  if (method === "GET" && url.pathname === "/cosmos/base/tendermint/v1beta1/blocks/latest") {
    if (head < 1) return notFound("no block yet");
    const { block_id, block } = chain.block(head).block;
    return { status: 200, body: { block_id, block } };
  }
  if (method === "GET" && url.pathname === "/cosmos/base/tendermint/v1beta1/node_info") {
    return { status: 200, body: nodeInfo(chain) };
  }
  const resource = /^\/initia\/move\/v1\/accounts\/([^/]+)\/resources\/by_struct_tag$/.exec(url.pathname);
  if (method === "GET" && resource?.[1]) {
    const height = queryHeight(request.heightHeader, head);
    if (typeof height !== "number") return height;
    const address = decodeURIComponent(resource[1]);
    const structTag = url.searchParams.get("struct_tag") ?? "";
    if (!/^0x[0-9a-fA-F]{1,64}$/.test(address)) return invalid(`invalid address: ${address}`);
    const found = chain.moveResource(padMoveAddress(address), structTag, height);
    if (!found) return notFound(`resource not found: ${address}/${structTag}`);
    return {
      status: 200,
      body: {
        resource: {
          address: padMoveAddress(address),
          struct_tag: structTag,
          move_resource: JSON.stringify(found),
          raw_bytes: "",
        },
      },
    };
  }
  if (method === "POST" && url.pathname === "/minievm/evm/v1/call") {
    return evmCall(chain, request.body);
  }
  return undefined;
}

const padMoveAddress = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`;

function nodeInfo(chain: Chain) {
  return {
    default_node_info: {
      protocol_version: { p2p: "8", block: "11", app: "0" },
      default_node_id: "0000000000000000000000000000000000000000",
      listen_addr: "tcp://127.0.0.1:26656",
      network: chain.chainId,
      version: COMET_VERSION,
      channels: "40202122233038606100",
      moniker: "weft-devnet",
      other: { tx_index: "on", rpc_address: "tcp://127.0.0.1:26657" },
    },
    application_version: {
      name: chain.vm === "evm" ? "minievm" : chain.vm === "wasm" ? "miniwasm" : "initia",
      app_name: chain.vm === "evm" ? "minitiad" : chain.vm === "wasm" ? "minitiad" : "initiad",
      version: APP_VERSION,
      git_commit: "0000000000000000000000000000000000000000",
      build_tags: "netgo,ledger",
      go_version: "go version go1.23.8 linux/amd64",
      build_deps: [],
      cosmos_sdk_version: "v0.50.13",
    },
  };
}

/**
 * minievm's `Query/Call`: `{sender, contract_addr, input, value}` runs a read-only call and answers
 * `{response, used_gas, logs, trace_output, error}`; a revert is a 200 whose `error` says so, as
 * minievm reports execution errors in the body rather than as a gRPC status.
 */
function evmCall(chain: Chain, text: string): RestAnswer {
  if (chain.vm !== "evm")
    return { status: 501, body: { code: 12, message: "not an EVM chain", details: [] } };
  let body: { contract_addr?: unknown; input?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return invalid("request body must be JSON");
  }
  const to = typeof body.contract_addr === "string" ? body.contract_addr : "";
  const input = typeof body.input === "string" ? body.input : "";
  if (!/^0x[0-9a-fA-F]{40}$/.test(to)) return invalid(`invalid contract_addr: ${to}`);
  const output = chain.evmCall(to, input);
  return {
    status: 200,
    body: {
      response: output ?? "0x",
      used_gas: output === undefined ? "0" : "23000",
      logs: [],
      trace_output: "",
      error: output === undefined ? "execution reverted" : "",
    },
  };
}
