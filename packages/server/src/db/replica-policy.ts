/**
 * What a read replica is fit for, decided from what was read of it (pure: db/read-replicas.ts does
 * the reading). Lag is counted in blocks of the ingestion checkpoint, not in seconds or WAL bytes:
 * blocks are what the API serves and what `/status` reports, so "N blocks behind" is the staleness a
 * client sees; `pg_last_xact_replay_timestamp()` keeps ageing on an idle primary (no block, nothing
 * to replay) and would call a replica that is fully caught up late; a WAL position needs a query of
 * the primary per replica and means nothing to a client.
 */
import { DatabaseUnavailableError, databaseUnavailability } from "./unavailable.js";

/**
 * `in_use`: reads go to it. `lagging`: more blocks behind than allowed. `unreachable`: its poll or
 * a read failed at the connection level. `starting`: not polled yet.
 */
export type ReplicaState = "in_use" | "lagging" | "unreachable" | "starting";

export interface ReplicaJudgement {
  state: ReplicaState;
  /** Blocks behind the primary (the worst chain), when the replica answered. */
  lagBlocks: number | undefined;
  /** Why it is skipped, in words for an operator; undefined when in use. */
  reason: string | undefined;
}

/**
 * Judges one poll: `replica` holds the checkpoint heights the replica answered (read after the
 * primary's, `primary`, so a replica that keeps up shows no lag), or is an Error when it did not.
 *
 * A replica in use stays in use while at most `maxLagBlocks` behind; one that is not (starting,
 * skipped) is taken into use once at most half that behind, so that a replica hovering at the limit
 * does not flap in and out (and `/status` with it).
 */
export function judgeReplica(
  primary: ReadonlyMap<string, bigint>,
  replica: ReadonlyMap<string, bigint> | Error,
  maxLagBlocks: number,
  wasInUse = true,
): ReplicaJudgement {
  if (replica instanceof Error)
    return { state: "unreachable", lagBlocks: undefined, reason: `unreachable: ${describeFailure(replica)}` };
  let lag = 0n;
  let worst: string | undefined;
  for (const [chainId, height] of primary) {
    // A chain the replica has not replayed at all is as far behind as the primary's whole chain.
    const replayed = replica.get(chainId) ?? 0n;
    const behind = height > replayed ? height - replayed : 0n;
    if (behind > lag) {
      lag = behind;
      worst = chainId;
    }
  }
  const lagBlocks = Number(lag);
  if (lag > BigInt(maxLagBlocks))
    return {
      state: "lagging",
      lagBlocks,
      reason: `${lagBlocks} blocks behind the primary on ${worst} (more than DATABASE_READ_MAX_LAG_BLOCKS=${maxLagBlocks})`,
    };
  const rejoin = Math.floor(maxLagBlocks / 2);
  if (!wasInUse && lag > BigInt(rejoin))
    return {
      state: "lagging",
      lagBlocks,
      reason: `${lagBlocks} blocks behind the primary on ${worst}: used again once at most ${rejoin} behind`,
    };
  return { state: "in_use", lagBlocks, reason: undefined };
}

/**
 * The height `/status` may report for `chainId`: one every pool a read can go to has replayed, so a
 * client can then query it. `primaryHead` is the primary's head followed in memory (undefined: not
 * followed); `inUse` the heights last polled of each replica in use (a replica only moves forward, so
 * it has replayed at least that much by now), and of those that left use within the last polls (other
 * processes may still read from them until their own poll notices). None: the primary's head, reads
 * go there.
 */
export function servedHeight(
  primaryHead: bigint | null | undefined,
  inUse: readonly ReadonlyMap<string, bigint>[],
  chainId: string,
): bigint | null | undefined {
  let height = primaryHead;
  for (const replica of inUse) {
    const replayed = replica.get(chainId) ?? null;
    if (height === undefined) height = replayed;
    else if (height === null || replayed === null) height = null;
    else if (replayed < height) height = replayed;
  }
  return height;
}

/**
 * Whether a read that failed on a replica is worth doing again on the primary: the replica is gone
 * or silent (it is skipped from then on), or the standby cancelled the query because replaying WAL
 * needed what it read (SQLSTATE 40001, "conflict with recovery"). Reads change nothing: repeating
 * one is safe.
 */
export function retryOnPrimary(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError || databaseUnavailability(err)) return true;
  return (err as { code?: unknown } | null)?.code === "40001";
}

/** Whether a failure on a replica says the replica itself is down (not just one cancelled read). */
export function replicaDown(err: unknown): boolean {
  return err instanceof DatabaseUnavailableError || databaseUnavailability(err)?.connectionLost === true;
}

function describeFailure(err: Error): string {
  return databaseUnavailability(err)?.cause ?? err.message;
}

/** Round-robin over whatever is eligible at each call (the set changes between calls). */
export function createRoundRobin(): <T>(items: readonly T[]) => T | undefined {
  let turn = 0;
  return <T>(items: readonly T[]) => {
    if (items.length === 0) return undefined;
    turn = (turn + 1) % Number.MAX_SAFE_INTEGER;
    return items[turn % items.length];
  };
}

/** `host:port` of a Postgres URL: how a replica is named in logs, /ready and metrics (never its password). */
export function replicaName(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || new URLSearchParams(u.search).get("host") || "localhost";
    return `${host}:${u.port || "5432"}`;
  } catch {
    return "unparsable-url";
  }
}
