/**
 * The newest committed height of each chain, held in memory so `/status` and the response cache need
 * no database read per request. It moves when the writer commits: through Postgres LISTEN/NOTIFY
 * from another process (db/commit-listener.ts), or directly from ingestion in this process (`weft
 * dev` on the embedded database, whose socket carries no notifications between connections).
 *
 * While commits cannot be seen (the LISTEN connection is down and not yet back), `known` answers
 * undefined and callers read the database; the response cache then keeps no page that depends on
 * the head (http/operations.ts), so no cached page is ever older than what `/status` reports.
 */
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
