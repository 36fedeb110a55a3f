/**
 * Reads txs from the chains of the registry over CometBFT RPC: one tx by hash (`/tx`), txs by
 * event (`/tx_search`), and block times for `on_chain_at`. Transient failures are retried by the
 * shared HTTP client (timeouts, 5xx, resets); "not found" is an answer, not an error.
 */
import type { HttpJson } from "../../ingest/http-json.js";
import type { Registry } from "../registry/registry.js";
import type { ChainEvent } from "./chain-events.js";

export interface ChainTx {
  hash: string;
  height: number;
  code: number;
  log: string;
  events: ChainEvent[];
  /** Block time, RFC 3339. */
  time: string;
}

export interface ChainReader {
  tx(chainId: string, hash: string): Promise<ChainTx | undefined>;
  /** Txs whose events match every condition, oldest first. */
  search(chainId: string, conditions: [type: string, key: string, value: string][]): Promise<ChainTx[]>;
  /**
   * The Cosmos tx of an EVM tx hash on a minievm rollup (its JSON-RPC `cosmos_cosmosTxHashByTxHash`);
   * undefined where the chain has no JSON-RPC or does not know the hash.
   */
  cosmosTxHash(chainId: string, evmHash: string): Promise<string | undefined>;
}

interface RpcEnvelope<T> {
  result?: T;
  error?: { data?: string; message?: string };
}
interface RpcTx {
  hash: string;
  height: string;
  tx_result: { code: number; log: string; events: ChainEvent[] | null };
}

/** Block times are immutable: keep a bounded number of them. */
const BLOCK_TIME_CACHE = 10_000;

/** JSON-RPC calls are one POST each; the tracker's next check is the retry. */
const JSON_RPC_TIMEOUT_MS = 10_000;

export function createChainReader(
  registry: Registry,
  http: HttpJson,
  doFetch: typeof fetch = fetch,
): ChainReader {
  const times = new Map<string, string>();
  const rpcUrl = (chainId: string) => {
    const url = registry.chain(chainId)?.apis.rpc;
    if (!url) throw new Error(`the registry has no RPC endpoint for ${chainId}`);
    return url.replace(/\/+$/, "");
  };
  async function blockTime(chainId: string, height: string): Promise<string> {
    const key = `${chainId}@${height}`;
    const cached = times.get(key);
    if (cached) return cached;
    const env = await http.get<RpcEnvelope<{ block: { header: { time: string } } }>>(
      `${rpcUrl(chainId)}/block?height=${height}`,
    );
    const time = env.result?.block.header.time ?? "";
    if (times.size >= BLOCK_TIME_CACHE) times.delete(times.keys().next().value as string);
    times.set(key, time);
    return time;
  }
  const toTx = async (chainId: string, t: RpcTx): Promise<ChainTx> => ({
    hash: t.hash.toUpperCase(),
    height: Number(t.height),
    code: t.tx_result.code,
    log: t.tx_result.log,
    events: t.tx_result.events ?? [],
    time: await blockTime(chainId, t.height),
  });
  return {
    async tx(chainId, hash) {
      const env = await http.get<RpcEnvelope<RpcTx>>(`${rpcUrl(chainId)}/tx?hash=0x${hash}`);
      if (env.error) {
        if (/not found/i.test(env.error.data ?? env.error.message ?? "")) return undefined;
        throw new Error(`${chainId} /tx: ${env.error.data ?? env.error.message}`);
      }
      return env.result ? toTx(chainId, env.result) : undefined;
    },
    async cosmosTxHash(chainId, evmHash) {
      const url = registry.chain(chainId)?.apis.json_rpc;
      if (!url) return undefined;
      const res = await doFetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "cosmos_cosmosTxHashByTxHash",
          params: [`0x${evmHash.toLowerCase()}`],
        }),
        signal: AbortSignal.timeout(JSON_RPC_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`${chainId} JSON-RPC answered ${res.status}`);
      const body = (await res.json()) as { result?: string | null };
      return body.result ? body.result.replace(/^0x/i, "").toUpperCase() : undefined;
    },
    async search(chainId, conditions) {
      const query = conditions.map(([type, key, value]) => `${type}.${key}='${value}'`).join(" AND ");
      const env = await http.get<RpcEnvelope<{ txs: RpcTx[] }>>(
        `${rpcUrl(chainId)}/tx_search?query=${encodeURIComponent(`"${query}"`)}&order_by=%22asc%22`,
      );
      if (env.error) throw new Error(`${chainId} /tx_search: ${env.error.data ?? env.error.message}`);
      return Promise.all((env.result?.txs ?? []).map((t) => toTx(chainId, t)));
    },
  };
}
