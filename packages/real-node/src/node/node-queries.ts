/**
 * What the tier asks a running node: CometBFT RPC and Cosmos REST over plain fetch, JSON-RPC calls.
 * These answers are the truth the checks compare Weft against, so they are read raw, never reshaped.
 */

const REQUEST_TIMEOUT_MS = 10_000;
const POLL_MS = 200;

/** GET `url` as JSON; throws with the status and body on a non-2xx answer. */
export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url} -> ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** One JSON-RPC call; throws on a JSON-RPC error (its code and message in the text). */
export async function jsonRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw new Error(`${method} -> ${body.error.code} ${body.error.message}`);
  return body.result as T;
}

/** Polls `probe` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function pollUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  let last: unknown;
  for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ""}`);
}

/** The node's latest committed height (CometBFT `/status`). */
export async function latestHeight(rpcUrl: string): Promise<number> {
  const status = await getJson<{ result: { sync_info: { latest_block_height: string } } }>(
    `${rpcUrl}/status`,
  );
  return Number(status.result.sync_info.latest_block_height);
}

/** Resolves once the node has committed `height`. */
export function waitForHeight(rpcUrl: string, height: number, timeoutMs = 60_000): Promise<number> {
  return pollUntil(
    `height ${height}`,
    async () => {
      const h = await latestHeight(rpcUrl);
      return h >= height ? h : undefined;
    },
    timeoutMs,
  );
}

/** A committed tx as CometBFT's `/tx` reports it. */
export interface CommittedTx {
  /** Upper-case hex, as Cosmos and the Indexer API write it. */
  hash: string;
  height: number;
  code: number;
  rawLog: string;
}

/** Waits until the tx with `hash` (hex, any case, 0x optional) is in a block; resolves with where. */
export function waitForTx(rpcUrl: string, hash: string, timeoutMs = 30_000): Promise<CommittedTx> {
  const hex = hash.replace(/^0x/i, "").toUpperCase();
  return pollUntil(
    `tx ${hex} in a block`,
    async () => {
      const res = await fetch(`${rpcUrl}/tx?hash=0x${hex}`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // Not yet indexed: CometBFT answers an error body (status 500 on some versions) until it is.
      const body = (await res.json()) as {
        result?: { hash: string; height: string; tx_result: { code: number; log: string } };
      };
      if (!body.result) return undefined;
      return {
        hash: body.result.hash.toUpperCase(),
        height: Number(body.result.height),
        code: body.result.tx_result.code,
        rawLog: body.result.tx_result.log,
      };
    },
    timeoutMs,
  );
}
