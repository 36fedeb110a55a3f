/**
 * What the read API asks the chain's node over Cosmos REST, as the reference's read API does
 * (rollytics `util/querier`), cached per process:
 * - `GET /minievm/evm/v1/contracts/by_denom?denom=` (EVM chains): the ERC-20 contract behind a Cosmos
 *   denom, so `/indexer/richlist/v1/uinit` lists the same holders as `/indexer/richlist/v1/0x<erc20>`.
 *   A denom's contract never changes: found ones are kept for the life of the process; misses and
 *   failures are not kept (a contract can appear later, a node can come back).
 * - `GET /opinit/opchild/v1/validator/{valoper}`: a block proposer's moniker and operator address.
 *   Known validators are kept for the life of the process (the reference caches them too); an
 *   unknown one for VALIDATOR_MISS_TTL_MS and a failed read for VALIDATOR_FAILURE_TTL_MS, so a block
 *   list never waits on a node that cannot answer more than once in a while.
 */
import { badRequest } from "../api/errors.js";

export interface NodeLookups {
  /**
   * The lower-case `0x` ERC-20 address of `denom` (already normalised as the reference does).
   * @throws ApiError 400 naming the denom when the node knows no contract for it or cannot be asked.
   */
  erc20ByDenom(denom: string): Promise<string>;
  /** The opchild validator at `valoper`, or null when the node does not know it or cannot be asked. */
  validator(valoper: string): Promise<Validator | null>;
}

export interface Validator {
  moniker: string;
  operator_address: string;
}

/** How long an unknown validator, and a failed read, are remembered before the node is asked again. */
export const VALIDATOR_MISS_TTL_MS = 60_000;
export const VALIDATOR_FAILURE_TTL_MS = 5_000;

export interface NodeLookupOptions {
  /** The node's Cosmos REST URL; without one, nothing can be looked up. */
  restUrl?: string;
  fetch?: typeof fetch;
  /** Per-request deadline. @default 5000 */
  timeoutMs?: number;
  /** Per-request deadline of validator reads (block lists wait on them). @default 2000 */
  validatorTimeoutMs?: number;
  now?: () => number;
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
  const validatorTimeoutMs = options.validatorTimeoutMs ?? 2000;
  const now = options.now ?? Date.now;
  /** valoper -> the read (kept or in flight) and until when a null answer stands (Infinity: found). */
  const validators = new Map<string, { read: Promise<Validator | null>; until: number }>();

  async function readValidator(valoper: string): Promise<{ validator: Validator | null; ttl: number }> {
    if (!base) return { validator: null, ttl: Number.POSITIVE_INFINITY };
    try {
      const res = await fetchFn(`${base}/opinit/opchild/v1/validator/${encodeURIComponent(valoper)}`, {
        signal: AbortSignal.timeout(validatorTimeoutMs),
      });
      if (!res.ok) {
        await res.body?.cancel();
        // opchild answers an unknown validator with NotFound (404); anything else is a failure.
        return {
          validator: null,
          ttl: res.status === 404 ? VALIDATOR_MISS_TTL_MS : VALIDATOR_FAILURE_TTL_MS,
        };
      }
      const v = ((await res.json()) as { validator?: { moniker?: unknown; operator_address?: unknown } })
        .validator;
      if (!v) return { validator: null, ttl: VALIDATOR_FAILURE_TTL_MS };
      return {
        validator: {
          moniker: typeof v.moniker === "string" ? v.moniker : "",
          operator_address:
            typeof v.operator_address === "string" && v.operator_address ? v.operator_address : valoper,
        },
        ttl: Number.POSITIVE_INFINITY,
      };
    } catch {
      return { validator: null, ttl: VALIDATOR_FAILURE_TTL_MS };
    }
  }

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
    validator(valoper) {
      const kept = validators.get(valoper);
      if (kept && kept.until > now()) return kept.read;
      const entry = { read: Promise.resolve<Validator | null>(null), until: Number.POSITIVE_INFINITY };
      entry.read = readValidator(valoper).then(({ validator, ttl }) => {
        entry.until = now() + ttl;
        return validator;
      });
      validators.set(valoper, entry);
      return entry.read;
    },
  };
}
