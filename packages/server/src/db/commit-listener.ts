/**
 * Follows the writer's commits from another process: a dedicated connection LISTENs on the channel
 * the write statement notifies (ingest/write-statement.ts) and moves the chain head held in memory
 * (db/chain-head.ts). Only a real Postgres carries notifications between connections.
 *
 * What can go wrong is that commits become invisible without anyone noticing (a connection lost, or
 * silent in a partition): the head then says it is not following, so `/status` reads the database and
 * the response cache keeps no page that depends on the head, until the connection is back and every
 * checkpoint has been read again.
 *
 * One connection feeds every chain the process serves (`ChainHeads`, db/chain-head.ts): each
 * notification names its chain and moves that chain's head alone; after each (re)LISTEN each
 * chain's checkpoint is read through that chain's own pool (its schema), and a lost connection
 * marks every head at once.
 */
import pg from "pg";
import type { Logger } from "pino";
import type { ChainHeads, FollowedChain } from "./chain-head.js";
import type { Database } from "./database.js";

/** The channel of commits; the payload is `{"chain_id": "...", "height": N}`. */
export const COMMIT_CHANNEL = "weft_block_committed";

/** The listening connection's application_name. */
export const COMMIT_LISTENER_NAME = "weft-commit-listener";

/** How often the listening connection proves it still answers (a partition sends no error). */
const HEARTBEAT_MS = 5_000;
/** Longest the heartbeat, the LISTEN and the checkpoint read may take. */
const QUERY_TIMEOUT_MS = 3_000;
/** First wait before connecting again, doubled per failure in a row up to the cap. */
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

export interface CommitListener {
  close(): Promise<void>;
}

export function listenForCommits(options: {
  url: string;
  /** The heads to feed: a commit of a chain `heads.of` does not know is ignored. */
  heads: ChainHeads;
  logger: Logger;
  connectTimeoutMs: number;
  /** @default HEARTBEAT_MS */
  heartbeatMs?: number;
}): CommitListener {
  const { heads, logger } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** The connection once LISTEN took effect and the first checkpoints were read: commits are seen. */
  let live: pg.Client | undefined;
  /**
   * Chains whose checkpoint is still to read on `live`: a read that failed (read again with each
   * heartbeat), or a chain added while serving (heads.onAdded: read at once). Reset per connection,
   * whose first read covers every chain.
   */
  let unread = new Set<FollowedChain>();
  let reading = false;

  const readUnread = () => {
    const c = live;
    if (!c || reading || unread.size === 0) return;
    reading = true;
    const chains = [...unread];
    unread = new Set();
    void readEach(chains, c).then((reads) => {
      reading = false;
      if (live !== c) return;
      // What is in `unread` now was added while this read was in flight: read it at once, not at
      // the next heartbeat.
      const addedMeanwhile = unread.size > 0;
      for (const r of reads) {
        // A chain removed meanwhile (its pool closing) is no longer read.
        if (heads.of(r.chain.chainId ?? "") !== r.chain.head) continue;
        if (r.heights) r.chain.head.follow(r.heights);
        else unread.add(r.chain);
      }
      if (addedMeanwhile) readUnread();
    });
  };

  // A chain added while a connection lives is not in its first read: read it once now. Added while
  // connecting, it waits in `unread` for the first read to finish (its read must follow the LISTEN).
  heads.onAdded?.((chain) => {
    unread.add(chain);
    readUnread();
  });

  const onNotification = (message: pg.Notification, queue?: pg.Notification[]) => {
    if (queue) {
      queue.push(message);
      return;
    }
    const commit = parseCommit(message.payload);
    if (commit) heads.of(commit.chainId)?.advance(commit.chainId, commit.height);
    else logger.warn({ payload: message.payload }, "ignored a malformed commit notification");
  };

  const drop = (c: pg.Client, err: unknown) => {
    if (client !== c) return;
    client = undefined;
    live = undefined;
    unread = new Set();
    clearInterval(heartbeat);
    let wasFollowing = false;
    for (const { head } of heads.all()) {
      wasFollowing ||= head.following;
      head.lost();
    }
    // Not awaited: ending a connection into a black hole waits for an answer that never comes.
    c.end().catch(() => undefined);
    if (closed) return;
    if (wasFollowing)
      logger.warn({ err }, "lost the commit notifications; /status reads the database until they are back");
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
      // Named for operators (pg_stat_activity) and the tests that cut it.
      application_name: COMMIT_LISTENER_NAME,
    });
    client = c;
    // Notifications that arrive while the checkpoints are read wait, and apply after them.
    let queue: pg.Notification[] | undefined = [];
    c.on("notification", (m) => onNotification(m, queue));
    c.on("error", (err) => drop(c, err));
    c.on("end", () => drop(c, new Error("the connection ended")));
    try {
      await c.connect();
      await c.query({ text: `LISTEN ${COMMIT_CHANNEL}`, query_timeout: QUERY_TIMEOUT_MS } as pg.QueryConfig);
      // Read after LISTEN: a commit is either in this read or notified after it, never missed (on
      // any connection: the read's snapshot is taken after the LISTEN took effect).
      const reads = await readEach([...heads.all()], c);
      if (client !== c) return;
      const failed = reads.filter((r) => r.heights === undefined);
      // Nothing could be read: most likely the database itself, so start over as for a lost connection.
      if (failed.length > 0 && failed.length === reads.length) throw failed[0]?.err;
      for (const r of reads) if (r.heights) r.chain.head.follow(r.heights);
      // Chains added while connecting (heads.onAdded) are read at once; failed reads wait a heartbeat.
      const addedWhileConnecting = unread.size > 0;
      // A chain whose read failed (its schema or its pool) stays not following, alone: read again
      // with each heartbeat while the connection lives, instead of taking every chain's head down.
      if (failed.length > 0)
        logger.warn(
          { chains: failed.map((f) => f.chain.chainId), err: failed[0]?.err },
          "could not read these chains' checkpoints; their heads follow once a read succeeds",
        );
      for (const f of failed) unread.add(f.chain);
      live = c;
      if (addedWhileConnecting) readUnread();
      const waiting = queue;
      queue = undefined;
      for (const m of waiting) onNotification(m);
      if (retryMs > RETRY_MIN_MS) logger.info("following commits again");
      retryMs = RETRY_MIN_MS;
      heartbeat = setInterval(() => {
        c.query({ text: "SELECT 1", query_timeout: QUERY_TIMEOUT_MS } as pg.QueryConfig).catch(
          (err: unknown) => drop(c, err),
        );
        readUnread();
      }, options.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
    } catch (err) {
      drop(c, err);
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const c = client;
      if (c) drop(c, new Error("closed"));
    },
  };
}

function parseCommit(payload: string | undefined): { chainId: string; height: bigint } | undefined {
  try {
    const value = JSON.parse(payload ?? "") as { chain_id?: unknown; height?: unknown };
    if (typeof value.chain_id !== "string" || typeof value.height !== "number") return undefined;
    return { chainId: value.chain_id, height: BigInt(value.height) };
  } catch {
    return undefined;
  }
}

/**
 * Keeps `heads` following the database's commits: LISTEN on a real Postgres; on the embedded one
 * (only this process can write it: db/data-dir-lock.ts) one read per head, then whatever ingestion
 * in this process reports (`head.advance`).
 */
export async function followCommits(options: {
  db: Pick<Database, "pool" | "url" | "embedded">;
  /** One chain: `singleChainHeads(head)`; several: `perChainHeads` (db/chain-head.ts). */
  heads: ChainHeads;
  logger: Logger;
  connectTimeoutMs: number;
}): Promise<CommitListener> {
  const { heads } = options;
  if (!options.db.embedded) return listenForCommits({ ...options, url: options.db.url });
  for (const { head, pool } of heads.all()) head.follow(await readCheckpoints(pool ?? options.db.pool));
  return {
    close: async () => {
      for (const { head } of heads.all()) head.lost();
    },
  };
}

/**
 * Each chain's checkpoints through its own pool (or `listening`, the listener's connection), at once;
 * a failed read is answered, not thrown.
 */
function readEach(
  chains: FollowedChain[],
  listening: pg.Client,
): Promise<{ chain: FollowedChain; heights?: Map<string, bigint>; err?: unknown }[]> {
  return Promise.all(
    chains.map((chain) =>
      readCheckpoints(chain.pool ?? listening, QUERY_TIMEOUT_MS).then(
        (heights) => ({ chain, heights }),
        (err: unknown) => ({ chain, err }),
      ),
    ),
  );
}

/** The checkpoint heights `db` reads: every chain's in one schema (in a chain's own schema, its own alone). */
async function readCheckpoints(db: Pick<pg.Pool, "query">, timeoutMs?: number): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ chain_id: string; height: string }>({
    text: "SELECT chain_id, height FROM ingest_checkpoint",
    ...(timeoutMs ? { query_timeout: timeoutMs } : {}),
  } as pg.QueryConfig);
  return new Map(rows.map((r) => [r.chain_id, BigInt(r.height)]));
}
