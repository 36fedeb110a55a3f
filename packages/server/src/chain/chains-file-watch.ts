/**
 * The chains file read again while a deployment runs: `weft ingest --chains` (ingest/chain-supervisor.ts)
 * starts and stops chains by it, `weft serve --chains` (commands/served-chains.ts) mounts and unmounts
 * them. Both compare the file with what they run the same way, here: a chain is added, removed, or
 * changed (any field of its entry differs: its URLs, prefix or VM), by its chain id.
 *
 * Polled, not `fs.watch`ed: watching misses edits on some volumes and editors' rename-writes.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import type { ChainEntry, ChainsFile } from "./chains-file.js";

/** How often the chains file is read again. */
export const CHAINS_FILE_POLL_MS = 5_000;

/** How the file's chains differ from those running: each list in the order it was found. */
export interface ChainsChange {
  /** In the file, not running: in the file's order. */
  added: ChainEntry[];
  /** Running, no longer in the file. */
  removed: ChainEntry[];
  /** Running with another entry: the file's entry. */
  changed: ChainEntry[];
}

/** What must change for `running` to be the chains of `file`. */
export function diffChains(running: ReadonlyMap<string, ChainEntry>, file: ChainsFile): ChainsChange {
  const wanted = new Map(file.chains.map((c) => [c.chainId, c]));
  const change: ChainsChange = { added: [], removed: [], changed: [] };
  for (const [chainId, entry] of running) {
    const now = wanted.get(chainId);
    if (!now) change.removed.push(entry);
    else if (JSON.stringify(now) !== JSON.stringify(entry)) change.changed.push(now);
  }
  for (const entry of file.chains) if (!running.has(entry.chainId)) change.added.push(entry);
  return change;
}

/**
 * Reads the chains file every `pollMs` until `signal` aborts and hands each read that parses to
 * `apply`, awaited before the next wait (two applies never overlap). A file that no longer reads is
 * logged once per new error and changes nothing: the chains running go on as they are.
 * Settles once `signal` aborted (and the apply in flight, if any, settled).
 */
export async function watchChainsFile(options: {
  /** Reads and parses the file; throws when it does not read. */
  readChains: () => ChainsFile;
  apply: (file: ChainsFile) => Promise<unknown>;
  logger: Logger;
  signal: AbortSignal;
  /** @default CHAINS_FILE_POLL_MS */
  pollMs?: number;
}): Promise<void> {
  const { logger, signal } = options;
  let lastReadError: string | undefined;
  while (!signal.aborted) {
    // An abort ends the wait early: the rejection it makes is the stop, not an error.
    await sleep(options.pollMs ?? CHAINS_FILE_POLL_MS, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) break;
    let file: ChainsFile;
    try {
      file = options.readChains();
      lastReadError = undefined;
    } catch (err) {
      const message = (err as Error).message;
      // Said once per new error, not every poll.
      if (message !== lastReadError)
        logger.error({ err }, `${message}; the chains already running go on as they are`);
      lastReadError = message;
      continue;
    }
    await options.apply(file);
  }
}
