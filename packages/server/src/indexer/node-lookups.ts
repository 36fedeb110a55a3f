/**
 * What the read API asks the chain's node over Cosmos REST, as the reference's read API does
 * (rollytics `util/querier`), cached per process:
 * - `GET /minievm/evm/v1/contracts/by_denom?denom=` (EVM chains): the ERC-20 contract behind a Cosmos
 *   denom, so `/indexer/richlist/v1/uinit` lists the same holders as `/indexer/richlist/v1/0x<erc20>`.
 *   A denom's contract never changes: found ones are kept for the life of the process; misses and
 *   failures are not kept (a contract can appear later, a node can come back).
 */
import { badRequest } from "../http/errors.js";

export interface NodeLookups {
  /**
   * The lower-case `0x` ERC-20 address of `denom` (already normalised as the reference does).
   * @throws ApiError 400 naming the denom when the node knows no contract for it or cannot be asked.
   */
  erc20ByDenom(denom: string): Promise<string>;
}

export interface NodeLookupOptions {
  /** The node's Cosmos REST URL; without one, nothing can be looked up. */
  restUrl?: string;
  fetch?: typeof fetch;
  /** Per-request deadline. @default 5000 */
  timeoutMs?: number;
}

/** Why a REST read failed, in words for an error message (the node's own message when it gave one). */
async function failureOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === "string" && message) return `${res.status}: ${message}`;
  } catch {
    // not JSON
  }
  return `${res.status}${text ? `: ${text.slice(0, 200)}` : ""}`;
}

export function createNodeLookups(options: NodeLookupOptions): NodeLookups {
  const base = options.restUrl?.replace(/\/+$/, "");
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const contracts = new Map<string, Promise<string>>();

  async function readContract(denom: string): Promise<string> {
    const noContract = (why: string) =>
      badRequest(`no ERC-20 contract for denom ${denom} on this chain: ${why}`, [
        {
          field: "path.denom",
          description: "must be 0x<40 hex>, evm/<40 hex>, or a denom the chain maps to an ERC-20",
        },
      ]);
    if (!base) throw noContract("this server has no node REST URL (REST_URL) to map denoms with");
    let res: Response;
    try {
      res = await fetchFn(`${base}/minievm/evm/v1/contracts/by_denom?denom=${encodeURIComponent(denom)}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw noContract(`the node did not answer (${(err as Error).message})`);
    }
    if (!res.ok) throw noContract(`the node answered ${await failureOf(res)}`);
    const address = ((await res.json().catch(() => ({}))) as { address?: unknown }).address;
    if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address))
      throw noContract(`the node answered no contract address (${JSON.stringify(address) ?? "none"})`);
    return address.toLowerCase();
  }

  return {
    erc20ByDenom(denom) {
      let found = contracts.get(denom);
      if (!found) {
        found = readContract(denom);
        contracts.set(denom, found);
        // Only a found contract stays: a miss is asked again next time.
        found.catch(() => contracts.delete(denom));
      }
      return found;
    },
  };
}
