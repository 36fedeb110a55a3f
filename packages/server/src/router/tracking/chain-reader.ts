/**
 * Reads txs from the chains of the registry over CometBFT RPC: one tx by hash (`/tx`), txs by
 * event (`/tx_search`), and block times for `on_chain_at`; and over EVM JSON-RPC, the Cosmos tx of
 * an EVM hash and a LayerZero delivery's `OFTReceived` log. Transient failures are retried by the
 * shared HTTP client (timeouts, 5xx, resets); "not found" is an answer, not an error.
 */
import { type HttpJson, isNotFoundAnswer } from "../../chain/http-json.js";
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
  /**
   * The delivery of LayerZero packet `guid` on an EVM chain: the OFT's `OFTReceived` log with that
   * guid (`eth_getLogs` over the chain's JSON-RPC); undefined until delivered.
   */
  oftReceived(chainId: string, guid: string): Promise<OftDelivery | undefined>;
}

export interface OftDelivery {
  hash: string;
  height: number;
  time: string;
  /** The OFT (or adapter) contract that emitted the log. */
  contract: string;
  /** `amountReceivedLD`: what the recipient got, in the destination token's decimals. */
  amount: string;
}

/** topic0 of OFTCore's `OFTReceived(bytes32 indexed guid, uint32 srcEid, address indexed toAddress, uint256 amountReceivedLD)`. */
export const OFT_RECEIVED_TOPIC = "0xefed6d3500546b29533b128a29e3a94d70788727f0507505ac12eaf2e578fd9c";
interface RpcLog {
  address: string;
  data: string;
  transactionHash: string;
  blockNumber: string;
  /** Not every node sets it; then the block's timestamp is read. */
  blockTimestamp?: string;
  removed?: boolean;
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
  async function jsonRpc<T>(chainId: string, method: string, params: unknown[]): Promise<T | undefined> {
    const url = registry.chain(chainId)?.apis.json_rpc;
    if (!url) throw new Error(`the registry has no JSON-RPC endpoint for ${chainId}`);
    const res = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      signal: AbortSignal.timeout(JSON_RPC_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`${chainId} JSON-RPC ${method} answered ${res.status}`);
    const body = (await res.json()) as { result?: T; error?: { message?: string } };
    if (body.error) throw new Error(`${chainId} JSON-RPC ${method}: ${body.error.message}`);
    return body.result;
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
      let env: RpcEnvelope<RpcTx>;
      try {
        env = await http.get<RpcEnvelope<RpcTx>>(`${rpcUrl(chainId)}/tx?hash=0x${hash}`);
      } catch (err) {
        // A real CometBFT node wraps "tx (...) not found" in an HTTP 500 on its GET route.
        if (isNotFoundAnswer(err)) return undefined;
        throw err;
      }
      if (env.error) {
        if (/not found/i.test(env.error.data ?? env.error.message ?? "")) return undefined;
        throw new Error(`${chainId} /tx: ${env.error.data ?? env.error.message}`);
      }
      return env.result ? toTx(chainId, env.result) : undefined;
    },
    async cosmosTxHash(chainId, evmHash) {
      if (!registry.chain(chainId)?.apis.json_rpc) return undefined;
      const result = await jsonRpc<string | null>(chainId, "cosmos_cosmosTxHashByTxHash", [
        `0x${evmHash.toLowerCase()}`,
      ]);
      return result ? result.replace(/^0x/i, "").toUpperCase() : undefined;
    },
    async oftReceived(chainId, guid) {
      const logs = await jsonRpc<RpcLog[]>(chainId, "eth_getLogs", [
        { fromBlock: "earliest", toBlock: "latest", topics: [OFT_RECEIVED_TOPIC, guid.toLowerCase()] },
      ]);
      const log = (logs ?? []).find((l) => !l.removed);
      if (!log) return undefined;
      let timestamp = log.blockTimestamp;
      if (!timestamp) {
        const block = await jsonRpc<{ timestamp: string } | null>(chainId, "eth_getBlockByNumber", [
          log.blockNumber,
          false,
        ]);
        timestamp = block?.timestamp;
      }
      return {
        hash: log.transactionHash.replace(/^0x/i, "").toUpperCase(),
        height: Number(log.blockNumber),
        time: timestamp ? new Date(Number(timestamp) * 1000).toISOString() : "",
        contract: log.address,
        // data = abi.encode(uint32 srcEid, uint256 amountReceivedLD)
        amount: BigInt(`0x${log.data.slice(2 + 64, 2 + 128) || "0"}`).toString(),
      };
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
