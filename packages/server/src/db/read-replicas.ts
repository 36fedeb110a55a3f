/**
 * Read replicas (DATABASE_READ_URLS): the Indexer API's reads go to streaming replicas of the primary,
 * round-robin over those in use; writes, migrations, readiness's migration check, the router and the
 * transfer tracker keep the primary's pool (they are never given this one).
 *
 * Every REPLICA_POLL_MS each replica's ingestion checkpoints are read, just after the primary's, and
 * judged (replica-policy.ts): more than DATABASE_READ_MAX_LAG_BLOCKS behind, or not answering, and it
 * is skipped until a later poll finds it caught up again (replica-policy.ts). A read that fails on a replica at the connection
 * level (or that the standby cancels for a conflict with recovery) is done again on the primary and
 * the replica is skipped at once, so a replica going away fails no request. With no replica in use,
 * reads go to the primary.
 *
 * A read that finds no row on a replica is asked of the primary too: the replica may not have
 * replayed what the client saw elsewhere (a height another process reported on `/status`, a tx hash
 * the node returned), and "not found" must mean not found. Reads that find rows stay on the replica,
 * at most DATABASE_READ_MAX_LAG_BLOCKS behind; only empty answers cost the primary a query.
 *
 * `/status` and the response cache follow `head`, which never reports more than every replica in
 * use has replayed (servedHeight; for LEAVING_POLLS after one leaves use, that one too: other
 * processes may read from it until their own poll notices), and whose generation also moves when that height or the set of
 * replicas in use changes: a cached page is never older than what `/status` reports, and a height
 * `/status` reports can be queried.
 */
import type pg from "pg";
import type { Logger } from "pino";
import { Counter, Gauge, type Registry } from "prom-client";
import type { ChainHead } from "./chain-head.js";
import { type GuardedPool, openGuardedPool } from "./database.js";
import {
  createRoundRobin,
  judgeReplica,
  type ReplicaJudgement,
  type ReplicaState,
  replicaDown,
  replicaName,
  retryOnPrimary,
  servedHeight,
} from "./replica-policy.js";

/** How often each replica's replay position is read (one small query per replica and process). */
export const REPLICA_POLL_MS = 1_000;
/** Longest a poll of the primary or of one replica may take before that replica counts as unreachable. */
const POLL_TIMEOUT_MS = 2_000;
/**
 * Polls during which a replica that left use still bounds `/status`: the other processes (workers,
 * servers) notice at their own next poll, up to one interval later, and may read from it until then.
 */
const LEAVING_POLLS = 2;
/** The application_name of the API's connections to a replica (pg_stat_activity on the replica). */
export const REPLICA_READS_APPLICATION_NAME = "weft-replica-reads";

const CHECKPOINTS_SQL = "SELECT chain_id, height FROM ingest_checkpoint";

/** One replica as /ready reports it. */
export interface ReplicaStatus {
  replica: string;
  state: ReplicaState;
  /** Blocks behind the primary at the last poll that reached it. */
  lag_blocks?: number;
  /** Why it is skipped (absent when in use). */
  reason?: string;
}

export interface ReadReplicas {
  /** Where the Indexer API's reads go: a replica in use (round-robin), else the primary. */
  readonly pool: Pick<pg.Pool, "query">;
  /** The primary's head as far as the replicas in use have replayed it (for /status and the cache). */
  readonly head: ChainHead;
  status(): ReplicaStatus[];
  /** Polls now (tests; the timer polls by itself). */
  poll(): Promise<void>;
  close(): Promise<void>;
}

interface Replica {
  name: string;
  pool: Pick<pg.Pool, "query">;
  close(): Promise<void>;
  judgement: ReplicaJudgement;
  /** Checkpoint heights read at the last poll that reached it. */
  heights: ReadonlyMap<string, bigint>;
  polling: boolean;
  /** Polls left during which it bounds /status after leaving use (LEAVING_POLLS). */
  leaving: number;
}

export function openReadReplicas(options: {
  urls: readonly string[];
  /** The primary's pool: reads go there when no replica is in use. */
  primary: Pick<pg.Pool, "query">;
  /** The primary's head, moved by its commits (db/commit-listener.ts). */
  head: ChainHead;
  logger: Logger;
  maxLagBlocks: number;
  connectTimeoutMs: number;
  queryTimeoutMs?: number;
  /** Parameterized reads prepared once per connection (statement-names.ts). @default true */
  preparedStatements?: boolean;
  /** Where the replica series go (the app's /metrics). */
  registry?: Registry;
  /** @default REPLICA_POLL_MS; 0: no timer (tests call poll()) */
  pollMs?: number;
  /** Opens a replica's pool. @default a guarded pg pool (db/database.ts) */
  openPool?: (url: string, name: string) => Pick<GuardedPool, "pool" | "close">;
}): ReadReplicas {
  const { primary, head, logger, maxLagBlocks } = options;
  const openPool =
    options.openPool ??
    ((url: string, name: string) =>
      openGuardedPool({
        url,
        logger: logger.child({ read_replica: name }),
        connectTimeoutMs: options.connectTimeoutMs,
        ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
        applicationName: REPLICA_READS_APPLICATION_NAME,
        ...(options.preparedStatements === undefined
          ? {}
          : { preparedStatements: options.preparedStatements }),
      }));
  const replicas: Replica[] = options.urls.map((url) => {
    const name = replicaName(url);
    const opened = openPool(url, name);
    return {
      name,
      pool: opened.pool,
      close: opened.close,
      judgement: { state: "starting", lagBlocks: undefined, reason: "not polled yet" },
      heights: new Map(),
      polling: false,
      leaving: 0,
    };
  });
  const next = createRoundRobin();
  const inUse = () => replicas.filter((r) => r.judgement.state === "in_use");
  /** What /status must not go above: the replicas in use, and those still leaving. */
  const bounding = () => replicas.filter((r) => r.judgement.state === "in_use" || r.leaving > 0);

  // What /status and the cache depend on: which replicas are in use and what they replayed.
  let bumps = 0;
  let signature = "";
  const changed = () => {
    const now = bounding()
      .map((r) => `${r.name}=${[...r.heights].map(([c, h]) => `${c}:${h}`).join(",")}`)
      .join(";");
    if (now === signature) return;
    signature = now;
    bumps++;
  };

  const judge = (replica: Replica, judgement: ReplicaJudgement, heights?: ReadonlyMap<string, bigint>) => {
    const before = replica.judgement;
    replica.judgement = judgement;
    if (heights) replica.heights = heights;
    if (before.state === "in_use" && judgement.state !== "in_use") replica.leaving = LEAVING_POLLS;
    if (before.state !== judgement.state) {
      if (judgement.state === "in_use")
        logger.info({ replica: replica.name, lag_blocks: judgement.lagBlocks }, "read replica in use");
      else
        logger.warn(
          { replica: replica.name, state: judgement.state, reason: judgement.reason },
          "read replica skipped: reads go to the other replicas, or the primary",
        );
    }
    changed();
  };

  const reads = options.registry
    ? new Counter({
        name: "weft_db_reads_total",
        help: "Indexer API queries by the database they went to: primary, or a read replica (host:port).",
        labelNames: ["pool"] as const,
        registers: [options.registry],
      })
    : undefined;
  if (options.registry) {
    new Gauge({
      name: "weft_db_replica_lag_blocks",
      help: "Blocks a read replica was behind the primary at its last poll (-1: unreachable, or not polled yet); the most over processes.",
      labelNames: ["replica"] as const,
      registers: [options.registry],
      aggregator: "max",
      collect() {
        for (const r of replicas) this.set({ replica: r.name }, r.judgement.lagBlocks ?? -1);
      },
    });
    new Gauge({
      name: "weft_db_replica_in_use",
      help: "1 when reads go to this read replica (in every process), 0 when it is skipped (/ready says why).",
      labelNames: ["replica"] as const,
      registers: [options.registry],
      aggregator: "min",
      collect() {
        for (const r of replicas) this.set({ replica: r.name }, r.judgement.state === "in_use" ? 1 : 0);
      },
    });
  }

  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const replica = next(inUse());
    if (replica) {
      try {
        reads?.inc({ pool: replica.name });
        const result = await replica.pool.query(config as string, values);
        if (result.rows.length > 0) return result;
      } catch (err) {
        if (!retryOnPrimary(err)) throw err;
        if (replicaDown(err) && replica.judgement.state === "in_use")
          judge(replica, judgeReplica(new Map(), asError(err), maxLagBlocks));
      }
    }
    reads?.inc({ pool: "primary" });
    return primary.query(config as string, values);
  };

  const poll = async () => {
    let primaryHeights: Map<string, bigint>;
    try {
      primaryHeights = await readCheckpoints(primary);
    } catch (err) {
      // Without the primary's heights no lag can be measured: keep the last judgements.
      logger.debug({ err }, "read replica poll: the primary did not answer");
      return;
    }
    for (const r of replicas) if (r.judgement.state !== "in_use" && r.leaving > 0) r.leaving--;
    changed();
    await Promise.all(
      replicas
        .filter((r) => !r.polling)
        .map(async (r) => {
          r.polling = true;
          try {
            const heights = await readCheckpoints(r.pool);
            const wasInUse = r.judgement.state === "in_use";
            judge(r, judgeReplica(primaryHeights, heights, maxLagBlocks, wasInUse), heights);
          } catch (err) {
            judge(r, judgeReplica(primaryHeights, asError(err), maxLagBlocks));
          } finally {
            r.polling = false;
          }
        }),
    );
  };

  const pollMs = options.pollMs ?? REPLICA_POLL_MS;
  const timer = pollMs > 0 ? setInterval(() => void poll(), pollMs) : undefined;
  timer?.unref();
  if (timer) void poll();

  const view: ChainHead = {
    known: (chainId) =>
      servedHeight(
        head.known(chainId),
        bounding().map((r) => r.heights),
        chainId,
      ),
    get generation() {
      return head.generation + bumps;
    },
    get following() {
      return head.following;
    },
    advance: (chainId, height) => head.advance(chainId, height),
    follow: (heights) => head.follow(heights),
    lost: () => head.lost(),
  };

  return {
    pool: { query } as Pick<pg.Pool, "query">,
    head: view,
    status: () =>
      replicas.map((r) => ({
        replica: r.name,
        state: r.judgement.state,
        ...(r.judgement.lagBlocks === undefined ? {} : { lag_blocks: r.judgement.lagBlocks }),
        ...(r.judgement.reason === undefined ? {} : { reason: r.judgement.reason }),
      })),
    poll,
    async close() {
      clearInterval(timer);
      await Promise.all(replicas.map((r) => r.close().catch(() => undefined)));
    },
  };
}

/** Every chain's checkpoint height, or a rejection after POLL_TIMEOUT_MS (a silent server). */
async function readCheckpoints(pool: Pick<pg.Pool, "query">): Promise<Map<string, bigint>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${POLL_TIMEOUT_MS} ms`)), POLL_TIMEOUT_MS);
  });
  try {
    const { rows } = await Promise.race([
      pool.query<{ chain_id: string; height: string }>(CHECKPOINTS_SQL),
      timeout,
    ]);
    return new Map(rows.map((r) => [r.chain_id, BigInt(r.height)]));
  } finally {
    clearTimeout(timer);
  }
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
