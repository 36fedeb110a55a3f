/**
 * The rich list's starting balances, read from the node as the reference indexer (rollytics,
 * `indexer/extension/richlist/utils.InitializeBalances`) reads them: every account of
 * `/cosmos/auth/v1beta1/accounts` (module and contract accounts included; a non-BaseAccount's
 * address is its `base_account.address`), then each one's `/cosmos/bank/v1beta1/balances/{addr}`,
 * both at `x-cosmos-block-height: H`; zero balances are left out. On EVM chains accounts longer
 * than 20 bytes are skipped and each bank denom is stored under its ERC-20 (minievm's
 * `/minievm/evm/v1/contracts/by_denom`), the denom the ERC-20 Transfer logs are counted under.
 *
 * Which height: the reference reads the state after an already indexed block L (the latest one when
 * its rich list starts) and then applies the changes of L+1 on. Weft does the same with L = H, the
 * first block it indexes: block H's own deltas are replaced by the balances after H, and every
 * later block adds its deltas as before.
 *
 * Invariant (crash safety): the balances are not written here. They replace block H's deltas in
 * H's bundle, so they commit in the one statement that writes block H and moves the checkpoint to
 * H (postgres-sink.ts). A crash before that commit leaves an empty index and a restart reads them
 * again; after it, the checkpoint is H and they are never read again. Nothing is lost or doubled.
 */
import type { Logger } from "pino";
import { decodeAddress } from "../chain/addresses.js";
import { describeFailure, type HttpJson, HttpStatusError } from "../chain/http-json.js";
import type { BalanceDelta } from "./derive/balance-deltas.js";
import { BalanceLedger } from "./derive/balance-deltas.js";
import type { BlockBundle } from "./derive/derive-block.js";

/** Page size of the account and balance lists, the reference's. */
const PAGE_LIMIT = 100;
/** Accounts whose balances are read at once. */
const BALANCE_CONCURRENCY = 8;
/** A progress line at most this often during the account scan. */
const PROGRESS_EVERY_MS = 5_000;
/**
 * Scans that failed with a retryable error (after the HTTP client's own retries) before the rich
 * list starts without them: each failure fails the round, and the ingest loop retries it.
 */
const MAX_SCAN_ATTEMPTS = 3;

interface AccountJson {
  address?: unknown;
  base_account?: { address?: unknown };
}

interface PageJson {
  pagination?: { next_key?: string | null };
}

/**
 * The node answered that it does not serve this query (no such route, not implemented, a height it
 * has pruned): asking again gives the same answer.
 */
const isUnserved = (err: unknown) =>
  err instanceof HttpStatusError &&
  ((err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) || err.status === 501);

export interface InitialBalances {
  /**
   * `bundle`, block `height` (the first block of an empty index), with its balance deltas replaced
   * by every account's balances after that block; unchanged when the node cannot tell them.
   */
  apply(bundle: BlockBundle, height: bigint, signal: AbortSignal): Promise<BlockBundle>;
}

export function createInitialBalances(options: {
  http: HttpJson;
  /**
   * Asks the first page once, without retries: a node that answers it 501 or 4xx does not serve
   * the query, and waiting out the retries of `http` first would only delay ingestion. Other
   * failures of it are asked again through `http`. @default http
   */
  probe?: HttpJson;
  restUrl: string;
  prefix: string;
  /** EVM chains: denoms become ERC-20 addresses and only 20-byte accounts count. */
  evm: boolean;
  logger: Logger;
  now?: () => number;
}): InitialBalances {
  const rest = options.restUrl.replace(/\/+$/, "");
  const now = options.now ?? Date.now;
  const log = options.logger;
  const contracts = new Map<string, string | null>();
  let failures = 0;
  let gaveUp = false;
  /** The state after a block never changes: a retried first write reuses the scan. */
  let scanned: { height: bigint; balances: BalanceDelta[] } | undefined;

  const get = <T>(path: string, height: bigint, signal: AbortSignal) =>
    options.http.get<T>(`${rest}${path}`, signal, { "x-cosmos-block-height": String(height) });

  async function probeFirst<T>(path: string, height: bigint, signal: AbortSignal): Promise<T> {
    if (!options.probe) return get<T>(path, height, signal);
    try {
      return await options.probe.get<T>(`${rest}${path}`, signal, {
        "x-cosmos-block-height": String(height),
      });
    } catch (err) {
      if (signal.aborted || isUnserved(err)) throw err;
      return get<T>(path, height, signal);
    }
  }

  /** Follows `next_key` from the first page; a repeated key ends the walk instead of looping. */
  async function* pages<T extends PageJson>(
    path: string,
    height: bigint,
    signal: AbortSignal,
    probe = false,
  ) {
    const seen = new Set<string>();
    let key: string | null | undefined = null;
    do {
      const query: string = `pagination.limit=${PAGE_LIMIT}${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`;
      const page: T = await (probe && !key
        ? probeFirst<T>(`${path}?${query}`, height, signal)
        : get<T>(`${path}?${query}`, height, signal));
      yield page;
      key = page.pagination?.next_key;
      if (key && seen.has(key)) break;
      if (key) seen.add(key);
    } while (key);
  }

  async function listAccounts(height: bigint, signal: AbortSignal): Promise<string[]> {
    const out: string[] = [];
    for await (const page of pages<PageJson & { accounts?: AccountJson[] }>(
      "/cosmos/auth/v1beta1/accounts",
      height,
      signal,
      true,
    )) {
      for (const account of page.accounts ?? []) {
        const address = account.base_account?.address ?? account.address;
        if (typeof address !== "string" || address === "") continue;
        const bytes = decodeAddress(address, options.prefix);
        if (!bytes || (options.evm && bytes.length > 20)) continue;
        out.push(address);
      }
    }
    return out;
  }

  /**
   * The stored denom of a bank denom: itself off EVM; on EVM the lower-case 0x ERC-20 the node maps
   * it to (`evm/<hex>` is that contract itself), or null when the node maps it to nothing.
   */
  async function storedDenom(denom: string, signal: AbortSignal): Promise<string | null> {
    if (!options.evm) return denom;
    const lower = denom.toLowerCase();
    const hex = /^(?:0x|evm\/)([0-9a-f]{40})$/.exec(lower);
    if (hex) return `0x${hex[1]}`;
    const known = contracts.get(lower);
    if (known !== undefined) return known;
    // Normalised as the reference asks: ibc/ hashes in upper case, gas as GAS.
    const asked = lower.startsWith("ibc/")
      ? `ibc/${lower.slice(4).toUpperCase()}`
      : lower === "gas"
        ? "GAS"
        : lower;
    let address: string | null = null;
    try {
      const answer = await options.http.get<{ address?: unknown }>(
        `${rest}/minievm/evm/v1/contracts/by_denom?denom=${encodeURIComponent(asked)}`,
        signal,
      );
      if (typeof answer.address === "string" && /^0x[0-9a-fA-F]{40}$/.test(answer.address))
        address = answer.address.toLowerCase();
    } catch (err) {
      if (signal.aborted) throw err;
      // minievm answers an unmapped denom with a 500 (collections' not-found): nothing to count under.
      log.warn(
        { denom, err: describeFailure(err) },
        "rich list: no ERC-20 for a bank denom; its initial balances are left out",
      );
    }
    contracts.set(lower, address);
    return address;
  }

  async function scan(height: bigint, signal: AbortSignal): Promise<BalanceDelta[]> {
    const started = now();
    log.info(
      { height: Number(height) },
      "rich list: reading every account's balances at the first indexed height",
    );
    const accounts = await listAccounts(height, signal);
    const ledger = new BalanceLedger();
    let done = 0;
    let reported = started;
    let next = 0;
    const worker = async () => {
      while (next < accounts.length) {
        const address = accounts[next++] as string;
        const account = decodeAddress(address, options.prefix) as Buffer;
        for await (const page of pages<PageJson & { balances?: { denom?: unknown; amount?: unknown }[] }>(
          `/cosmos/bank/v1beta1/balances/${address}`,
          height,
          signal,
        )) {
          for (const coin of page.balances ?? []) {
            if (typeof coin.denom !== "string" || typeof coin.amount !== "string") continue;
            if (!/^[0-9]+$/.test(coin.amount) || BigInt(coin.amount) === 0n) continue;
            const denom = await storedDenom(coin.denom, signal);
            if (denom !== null) ledger.add(denom, account, BigInt(coin.amount));
          }
        }
        done++;
        if (now() - reported >= PROGRESS_EVERY_MS) {
          reported = now();
          log.info(
            { height: Number(height), accounts_read: done, accounts: accounts.length },
            `rich list: initial balances ${done}/${accounts.length} accounts`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: BALANCE_CONCURRENCY }, worker));
    const balances = ledger.deltas();
    log.info(
      {
        height: Number(height),
        accounts: accounts.length,
        balances: balances.length,
        duration_ms: now() - started,
      },
      "rich list: initial balances read",
    );
    return balances;
  }

  return {
    async apply(bundle, height, signal) {
      if (gaveUp) return bundle;
      if (scanned?.height !== height) {
        try {
          scanned = { height, balances: await scan(height, signal) };
        } catch (err) {
          if (signal.aborted) throw err;
          failures++;
          if (!isUnserved(err) && failures < MAX_SCAN_ATTEMPTS) throw err;
          // Never stop ingestion over the rich list: it starts from this block's changes instead,
          // as before initial balances existed, and the line says so.
          gaveUp = true;
          log.warn(
            { height: Number(height), attempts: failures, err: describeFailure(err) },
            `rich list: the node at ${rest} cannot tell the balances at height ${height} (${describeFailure(err)}); ` +
              "the rich list counts only what moves from this block on, so its balances leave out what accounts held before",
          );
          return bundle;
        }
      }
      return { ...bundle, balances: scanned.balances };
    },
  };
}
