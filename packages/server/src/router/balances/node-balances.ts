/**
 * Balance reads from chain nodes: bank `by_denom` over Cosmos REST (Cosmos and Initia chains, every
 * denom the bank knows: `evm/`, `l2/`, `ibc/`, `move/`), `eth_getBalance` and ERC-20 `balanceOf`
 * over JSON-RPC (`chain_type: "evm"` chains). Reads never throw: a failed read is a message.
 */
import type { ChainAddress } from "../chain-address.js";
import type { RegistryChain } from "../registry/registry-file.js";

/** Longest a chain's reads may take, all of them together: a node that hangs costs this, no more. */
export const BALANCE_NODE_TIMEOUT_MS = 2_000;
/** Node reads in flight per request, across its chains. */
export const BALANCE_READS_IN_FLIGHT = 16;

/** `balanceOf(address)` selector. */
const BALANCE_OF = "0x70a08231";
/** At most this many characters of an unexpected node answer go into a message. */
const EXCERPT_CHARS = 120;

/** One denom to read, and how: the bank, the EVM native balance, or an ERC-20 contract. */
export type DenomRead =
  | { denom: string; via: "bank" }
  | { denom: string; via: "native" }
  | { denom: string; via: "erc20"; contract: string }
  /** Cannot be read on this chain; `error` says why. */
  | { denom: string; via: "none"; error: string };

export type BalanceResult = { amount: bigint } | { error: string };

export interface ChainBalances {
  /** Set when every read of the chain failed: the node (or its registry entry) is the problem. */
  error?: string;
  denoms: Map<string, BalanceResult>;
}

export interface BalanceReader {
  read(request: { chain: RegistryChain; address: ChainAddress; denoms: DenomRead[] }): Promise<ChainBalances>;
}

export interface BalanceReaderOptions {
  fetch: typeof fetch;
  /** @default BALANCE_NODE_TIMEOUT_MS */
  timeoutMs?: number;
  /** @default BALANCE_READS_IN_FLIGHT */
  inFlight?: number;
}

/** Runs at most `limit` tasks at once, in arrival order. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** What a failed fetch means, for the people reading it. */
function causeOf(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `no answer within ${timeoutMs} ms`;
  const code = e?.cause?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "the connection closed before an answer";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  return e?.cause?.message ?? e?.message ?? String(err);
}

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}...` : flat || "an empty body";
};

/** A node read that failed, with the message to show. */
class ReadFailure extends Error {}

/**
 * Reads balances with one deadline per chain (`timeoutMs`, shared by all its reads) and at most
 * `inFlight` reads at once per `read` batch; create one reader per request so requests do not queue
 * behind each other.
 */
export function createBalanceReader(options: BalanceReaderOptions): BalanceReader {
  const timeoutMs = options.timeoutMs ?? BALANCE_NODE_TIMEOUT_MS;
  const limit = createLimiter(options.inFlight ?? BALANCE_READS_IN_FLIGHT);

  async function getJson(url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      signal.throwIfAborted();
      res = await options.fetch(url, { ...init, signal });
      text = await res.text();
    } catch (err) {
      throw new ReadFailure(causeOf(err, timeoutMs));
    }
    if (!res.ok) throw new ReadFailure(`HTTP ${res.status}: ${excerpt(text)}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new ReadFailure(`the answer is not JSON: ${excerpt(text)}`);
    }
  }

  async function bank(base: string, address: string, denom: string, signal: AbortSignal): Promise<bigint> {
    const url = `${base}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=${encodeURIComponent(denom)}`;
    const body = (await getJson(url, {}, signal)) as { balance?: { amount?: unknown } };
    const amount = body?.balance?.amount;
    // A bank that never saw the denom answers amount "0" (or no balance at all).
    if (amount === undefined || amount === null) return 0n;
    if (typeof amount !== "string" || !/^[0-9]+$/.test(amount))
      throw new ReadFailure(`unexpected balance ${excerpt(JSON.stringify(body))}`);
    return BigInt(amount);
  }

  async function jsonRpc(
    base: string,
    method: string,
    params: unknown[],
    signal: AbortSignal,
  ): Promise<bigint> {
    const body = (await getJson(
      base,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      },
      signal,
    )) as { result?: unknown; error?: { code?: number; message?: string } };
    if (body?.error)
      throw new ReadFailure(`${method} failed: ${body.error.message ?? "error"} (code ${body.error.code})`);
    const result = body?.result;
    // "0x" is what eth_call returns from an address with no code: not an ERC-20.
    if (typeof result !== "string" || !/^0x[0-9a-fA-F]+$/.test(result))
      throw new ReadFailure(`${method} returned ${excerpt(JSON.stringify(result ?? null))}, not a quantity`);
    return BigInt(result);
  }

  return {
    async read({ chain, address, denoms }) {
      const evm = chain.chain_type === "evm";
      const base = (evm ? chain.apis.json_rpc : chain.apis.rest)?.replace(/\/+$/, "");
      const what = evm ? "JSON-RPC" : "bank balance";
      const out: ChainBalances = { denoms: new Map() };
      if (!base) {
        const error = `the registry has no ${evm ? "json_rpc" : "rest"} endpoint for ${chain.chain_id}`;
        for (const d of denoms) out.denoms.set(d.denom, { error });
        return denoms.length > 0 ? { ...out, error } : out;
      }
      const signal = AbortSignal.timeout(timeoutMs);
      const readOne = (d: DenomRead): Promise<bigint> => {
        switch (d.via) {
          case "none":
            throw new ReadFailure(d.error);
          case "bank":
            return bank(base, address.bech32, d.denom, signal);
          case "native":
            return jsonRpc(base, "eth_getBalance", [address.hex, "latest"], signal);
          case "erc20":
            return jsonRpc(
              base,
              "eth_call",
              [{ to: d.contract, data: `${BALANCE_OF}${address.hex.slice(2).padStart(64, "0")}` }, "latest"],
              signal,
            );
        }
      };
      const results = await Promise.all(
        denoms.map(async (d): Promise<BalanceResult> => {
          if (d.via === "none") return { error: d.error };
          try {
            return { amount: await limit(() => readOne(d)) };
          } catch (err) {
            const cause = err instanceof ReadFailure ? err.message : causeOf(err, timeoutMs);
            return { error: `${what} of ${d.denom} on ${chain.chain_id} (${base}): ${cause}` };
          }
        }),
      );
      for (const [i, d] of denoms.entries()) out.denoms.set(d.denom, results[i] as BalanceResult);
      const failed = results.filter((r): r is { error: string } => "error" in r);
      const attempted = denoms.filter((d) => d.via !== "none").length;
      if (attempted > 0 && failed.length === denoms.length) {
        out.error = failed[0]?.error;
      }
      return out;
    },
  };
}
