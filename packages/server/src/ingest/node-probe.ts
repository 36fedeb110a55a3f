/**
 * Before ingesting, one request to each endpoint the loop will read (CometBFT RPC, Cosmos REST and,
 * on EVM chains, the EVM JSON-RPC), so a wrong or dead URL stops `weft ingest` at once with one line
 * naming the URL, what was asked and what came back, instead of a loop retrying in the logs.
 */
import { describeFailure, type HttpJson, UnreachableError } from "../chain/http-json.js";

/** A node endpoint that cannot be used; its message is the whole line the CLI prints. */
export class NodeProbeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NodeProbeError";
  }
}

export interface NodeProbeOptions {
  http: HttpJson;
  rpcUrl: string;
  restUrl: string;
  /** Whether REST_URL was given; unset, REST is asked at RPC_URL, and the hint says so. */
  restUrlSet: boolean;
  jsonRpcUrl?: string | undefined;
  signal: AbortSignal;
}

export interface NodeProbe {
  /** The chain id the node reports (`node_info.network`), if it reports one. */
  network: string | undefined;
  /** The node's latest height. */
  head: bigint;
}

const RPC_HINT = "check RPC_URL (the node's CometBFT RPC, usually port 26657)";
const JSON_RPC_HINT = "check JSON_RPC_URL (the node's EVM JSON-RPC, usually port 8545)";
const restHint = (set: boolean) =>
  set
    ? "check REST_URL (the node's Cosmos REST API, usually port 1317)"
    : "REST_URL is unset, so REST was asked at RPC_URL; set REST_URL (the node's Cosmos REST API, usually port 1317)";

/** "cannot reach the node at <url> (<what>): <why>; <hint>", or "unexpected answer ..." when it answered. */
function failure(url: string, what: string, hint: string, err: unknown): NodeProbeError {
  const reached = !(err instanceof UnreachableError || (err instanceof Error && err.name === "TimeoutError"));
  const head = reached ? "unexpected answer from the node at" : "cannot reach the node at";
  return new NodeProbeError(`${head} ${url} (${what}): ${describeFailure(err)}; ${hint}`, { cause: err });
}

/** Asks `url`; any failure (or an answer `check` refuses) becomes a NodeProbeError. */
async function ask<T>(
  request: () => Promise<T>,
  where: { url: string; what: string; hint: string },
  check: (body: T) => string | undefined,
): Promise<T> {
  let body: T;
  try {
    body = await request();
  } catch (err) {
    if (err instanceof Error && err.name === "AbortError") throw err;
    throw failure(where.url, where.what, where.hint, err);
  }
  const wrong = check(body);
  if (wrong) throw failure(where.url, where.what, where.hint, new Error(wrong));
  return body;
}

const shown = (body: unknown) => {
  const text = JSON.stringify(body) ?? String(body);
  return text.length > 120 ? `${text.slice(0, 120)}...` : text;
};

/**
 * One request per endpoint: `/status` on the RPC (the head and chain id), the txs of the head block
 * on REST (the route ingestion reads), `eth_blockNumber` on the EVM JSON-RPC. Throws NodeProbeError.
 */
export async function probeNode(options: NodeProbeOptions): Promise<NodeProbe> {
  const { http, signal } = options;
  const rpc = options.rpcUrl.replace(/\/+$/, "");
  const statusUrl = `${rpc}/status`;
  type Status = {
    result?: { node_info?: { network?: string }; sync_info?: { latest_block_height?: string } };
    error?: { message?: string; data?: string };
  };
  const status = await ask(
    () => http.get<Status>(statusUrl, signal),
    { url: statusUrl, what: "CometBFT RPC /status", hint: RPC_HINT },
    (b) =>
      /^\d+$/.test(b?.result?.sync_info?.latest_block_height ?? "")
        ? undefined
        : `a JSON body without result.sync_info.latest_block_height: ${shown(b)}`,
  );
  const head = BigInt(status.result?.sync_info?.latest_block_height ?? "0");

  // A node at height 0 has no block to ask REST about yet; the loop waits for its first block.
  if (head > 0n) {
    const restUrl = `${options.restUrl.replace(/\/+$/, "")}/cosmos/tx/v1beta1/txs/block/${head}?pagination.limit=1`;
    await ask(
      () => http.get<{ txs?: unknown }>(restUrl, signal),
      {
        url: restUrl,
        what: "Cosmos REST /cosmos/tx/v1beta1/txs/block/{height}",
        hint: restHint(options.restUrlSet),
      },
      (b) =>
        b !== null && typeof b === "object" && "txs" in b
          ? undefined
          : `a JSON body without txs: ${shown(b)}`,
    );
  }

  if (options.jsonRpcUrl) {
    const url = options.jsonRpcUrl;
    await ask(
      () =>
        http.post<{ result?: unknown; error?: { code?: number; message?: string } }>(
          url,
          { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
          signal,
        ),
      { url, what: "EVM JSON-RPC eth_blockNumber", hint: JSON_RPC_HINT },
      (b) =>
        b?.error
          ? `JSON-RPC error ${b.error.code ?? ""} ${b.error.message ?? ""}`.replace(/ +/g, " ").trim()
          : typeof b?.result === "string"
            ? undefined
            : `a JSON body without a result: ${shown(b)}`,
    );
  }
  return { network: status.result?.node_info?.network, head };
}
