/**
 * Follows the writer's commits from another process: a dedicated connection LISTENs on the channel
 * the write statement notifies (ingest/write-statement.ts) and moves the chain head held in memory
 * (db/chain-head.ts). Only a real Postgres carries notifications between connections.
 *
 * What can go wrong is that commits become invisible without anyone noticing (a connection lost, or
 * silent in a partition): the head then says it is not following, so `/status` reads the database and
 * the response cache keeps no page that depends on the head, until the connection is back and every
 * checkpoint has been read again.
 */
import pg from "pg";
import type { Logger } from "pino";
import type { ChainHead } from "./chain-head.js";
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
  head: ChainHead;
  logger: Logger;
  connectTimeoutMs: number;
  /** @default HEARTBEAT_MS */
  heartbeatMs?: number;
}): CommitListener {
  const { head, logger } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification, queue?: pg.Notification[]) => {
    if (queue) {
      queue.push(message);
      return;
    }
    const commit = parseCommit(message.payload);
    if (commit) head.advance(commit.chainId, commit.height);
    else logger.warn({ payload: message.payload }, "ignored a malformed commit notification");
  };

  const drop = (c: pg.Client, err: unknown) => {
    if (client !== c) return;
    client = undefined;
    clearInterval(heartbeat);
    const wasFollowing = head.following;
    head.lost();
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
      // Read after LISTEN: a commit is either in this read or notified after it, never missed.
      const heights = await readCheckpoints(c, QUERY_TIMEOUT_MS);
      if (client !== c) return;
      head.follow(heights);
      const waiting = queue;
      queue = undefined;
      for (const m of waiting) onNotification(m);
      if (retryMs > RETRY_MIN_MS) logger.info("following commits again");
      retryMs = RETRY_MIN_MS;
      heartbeat = setInterval(() => {
        c.query({ text: "SELECT 1", query_timeout: QUERY_TIMEOUT_MS } as pg.QueryConfig).catch(
          (err: unknown) => drop(c, err),
        );
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
 * Keeps `head` following the database's commits: LISTEN on a real Postgres; on the embedded one
 * (only this process can write it: db/data-dir-lock.ts) one read, then whatever ingestion in this
 * process reports (`head.advance`).
 */
export async function followCommits(options: {
  db: Pick<Database, "pool" | "url" | "embedded">;
  head: ChainHead;
  logger: Logger;
  connectTimeoutMs: number;
}): Promise<CommitListener> {
  if (!options.db.embedded) return listenForCommits({ ...options, url: options.db.url });
  options.head.follow(await readCheckpoints(options.db.pool));
  return { close: async () => options.head.lost() };
}

/** Every chain's checkpoint height. */
async function readCheckpoints(db: Pick<pg.Pool, "query">, timeoutMs?: number): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ chain_id: string; height: string }>({
    text: "SELECT chain_id, height FROM ingest_checkpoint",
    ...(timeoutMs ? { query_timeout: timeoutMs } : {}),
  } as pg.QueryConfig);
  return new Map(rows.map((r) => [r.chain_id, BigInt(r.height)]));
}
