/**
 * The newest committed height of each chain, held in memory so `/status` and the response cache need
 * no database read per request. It moves when the writer commits: through Postgres LISTEN/NOTIFY
 * from another process (db/commit-listener.ts), or directly from ingestion in this process (`weft
 * dev` on the embedded database, whose socket carries no notifications between connections).
 *
 * While commits cannot be seen (the LISTEN connection is down and not yet back), `known` answers
 * undefined and callers read the database; the response cache then keeps no page that depends on
 * the head (http/operations.ts), so no cached page is ever older than what `/status` reports.
 *
 * A process serving several chains keeps one head per chain (`perChainHeads`), so that a commit of
 * one chain makes only that chain's head-dependent pages stale: one head for all would turn every
 * chain's cache over at the sum of their block rates.
 */
import type pg from "pg";

export interface ChainHead {
  /**
   * The chain's newest committed height as followed here: null when nothing is committed yet,
   * undefined when commits are not being followed (read the database instead).
   */
  known(chainId: string): bigint | null | undefined;
  /** Bumped by every commit seen and every (re)start of following: a page made under an older one is stale. */
  readonly generation: number;
  /** Whether commits are seen as they happen. */
  readonly following: boolean;
  /** A commit of `chainId` up to `height` was seen (older or equal heights change nothing). */
  advance(chainId: string, height: bigint): void;
  /** Following (again) from `heights`, every chain's checkpoint read once commits became visible. */
  follow(heights: ReadonlyMap<string, bigint>): void;
  /** Commits can no longer be seen. */
  lost(): void;
}

export function createChainHead(): ChainHead {
  const heights = new Map<string, bigint>();
  let generation = 0;
  let following = false;
  return {
    known(chainId) {
      if (!following) return undefined;
      return heights.get(chainId) ?? null;
    },
    get generation() {
      return generation;
    },
    get following() {
      return following;
    },
    advance(chainId, height) {
      const current = heights.get(chainId);
      if (current !== undefined && current >= height) return;
      heights.set(chainId, height);
      generation++;
    },
    follow(read) {
      // The higher of what was read and what commits already reported: a commit seen while the
      // read was in flight is newer than the read. A chain's checkpoint never goes back under a
      // running server (ingestion refuses a block that does not follow it).
      for (const [chainId, height] of read) {
        const current = heights.get(chainId);
        if (current === undefined || height > current) heights.set(chainId, height);
      }
      following = true;
      generation++;
    },
    lost() {
      following = false;
      generation++;
    },
  };
}

/** A head the commit listener feeds, and where its chain's checkpoint is read. */
export interface FollowedChain {
  head: ChainHead;
  /**
   * Reads this chain's `ingest_checkpoint`: its own schema's when the database holds several chains.
   * Undefined: the database's default schema, read on the listening connection itself (one chain).
   */
  pool?: Pick<pg.Pool, "query">;
  /** For logs; undefined when the served chain is not known yet. */
  chainId?: string;
}

/**
 * The heads one commit listener feeds (db/commit-listener.ts): one LISTEN connection per process
 * whatever the number of chains, since the notification is database-wide and names its chain.
 */
export interface ChainHeads {
  /** The head a commit of `chainId` moves; undefined: a chain not served here, whose commits are ignored. */
  of(chainId: string): ChainHead | undefined;
  /** Every head, each to follow from its own checkpoint after every (re)LISTEN, and all lost with the connection. */
  all(): Iterable<FollowedChain>;
  /**
   * Calls `listener` with each chain added from now on (perChainHeads' `add`), whose checkpoint the
   * listener then reads once. Undefined: the set is fixed.
   */
  onAdded?(listener: (chain: FollowedChain) => void): void;
}

/**
 * A one-chain deployment: every commit moves its one head, whatever chain it names, as before there
 * were several. The served chain may not be known yet (`weft serve` started before a first `weft
 * ingest`: commands/serve-app.ts), so the head cannot filter by it.
 */
export function singleChainHeads(head: ChainHead): ChainHeads {
  const chains = [{ head }];
  return { of: () => head, all: () => chains };
}

/** The heads of a deployment serving several chains, to which chains come and go while it serves. */
export interface ChainHeadSet extends ChainHeads {
  /**
   * Follows `chainId` from now on: its commits move `head` at once, and the listener reads its
   * checkpoint once (then `head.follow`s), as it does for every chain after a (re)LISTEN.
   */
  add(chainId: string, chain: { head: ChainHead; pool: Pick<pg.Pool, "query"> }): void;
  /** Its commits are ignored from now on (a chain no longer served). */
  remove(chainId: string): void;
}

/**
 * One head per chain, each fed only its own chain's commits (a chain not in the set is ignored),
 * each read through its own pool (`openDatabase({ schema: chainSchemaName(chainId) })`).
 */
export function perChainHeads(
  chains: ReadonlyMap<string, { head: ChainHead; pool: Pick<pg.Pool, "query"> }> = new Map(),
): ChainHeadSet {
  const byId = new Map<string, FollowedChain & { head: ChainHead }>(
    [...chains].map(([chainId, chain]) => [chainId, { ...chain, chainId }]),
  );
  const listeners: ((chain: FollowedChain) => void)[] = [];
  return {
    of: (chainId) => byId.get(chainId)?.head,
    all: () => [...byId.values()],
    onAdded: (listener) => listeners.push(listener),
    add(chainId, chain) {
      const followed = { ...chain, chainId };
      byId.set(chainId, followed);
      for (const listener of listeners) listener(followed);
    },
    remove(chainId) {
      byId.delete(chainId);
    },
  };
}
