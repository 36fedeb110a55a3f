/**
 * Writes derived blocks to Postgres. Invariant: the rows of block N and the checkpoint's move to N
 * commit together, and block N is accepted only right after N-1 (or as the first block), so a crash
 * or a second writer can neither lose nor duplicate a block.
 *
 * One round trip per write: a single statement (write-statement.ts) advances the checkpoint and
 * inserts every row. A write is one block, or during a backfill several consecutive blocks that were
 * already fetched while the previous write ran (`writeBatch`): they then share the transaction and
 * its fixed cost, and each of them still commits whole with the checkpoint that covers it.
 *
 * Writes may overlap (`writesInFlight` of the ingest loop): they go out on the writer's one connection
 * without waiting for each other's answers (query-pipeline.ts), and Postgres runs them in the order
 * sent, each its own transaction. A write sent after one that failed is refused by the checkpoint
 * check, so nothing is written out of order.
 *
 * The writer's own connection runs with asynchronous commit: a Postgres crash may lose the last few
 * commits, but then it loses their checkpoint with them and ingestion re-fetches those blocks;
 * nothing is duplicated or skipped, and no block waits for an fsync.
 */
import type pg from "pg";
import { createQueryPipeline, type QueryPipeline } from "../db/query-pipeline.js";
import type { BlockBundle } from "./derive/derive-block.js";
import type { BlockSink } from "./ingest-loop.js";
import { writeStatement } from "./write-statement.js";

/**
 * Longest a write may take, measured by the client: the server's own statement_timeout (30 s,
 * db/database.ts) cannot fire when the server never sees the statement or its answer never comes
 * back (a black-holed connection); then the write fails here and the loop retries on a new one.
 */
export const WRITE_TIMEOUT_MS = 35_000;
/** Longest a checkpoint or hash read may take, measured by the client. */
export const READ_TIMEOUT_MS = 10_000;

/**
 * The writer's session settings, sent once per connection (see the module comment for the first).
 * The planner's two apply to a connection of its own only (`ownSession`), and are reset before it
 * goes back to the pool: on the embedded database every connection is one shared session, and the
 * API's queries must keep Postgres's own planning.
 *
 * Plans: each write statement is named, and with Postgres's default plan cache mode it was still
 * planned again on every execution (a custom plan, chosen because the generic one looked costlier):
 * `perf` on the writer's backend put 38% of its CPU in the planner, with a transaction per block.
 * A generic plan is planned once per connection and shape, but on statistics from when it was
 * planned: early in a backfill the NFT and collection tables are tiny, and the generic plan joined
 * them by sequential scan and hash, a cost that grows with the table for as long as the plan lives.
 * Every table the statement reads, it reads by key through an index, so the writer's session rules
 * out sequential scans (Postgres still uses one where no index could serve: it only costs them as
 * prohibitive) and keeps the generic plan.
 */
const WRITER_SESSION = "SET synchronous_commit = off";
const WRITER_PLANS = "SET plan_cache_mode = force_generic_plan; SET enable_seqscan = off";
const RESET_WRITER_PLANS = "RESET plan_cache_mode; RESET enable_seqscan";

export interface PostgresSinkOptions {
  pool: pg.Pool;
  chainId: string;
  /** @default WRITE_TIMEOUT_MS */
  writeTimeoutMs?: number;
  /** @default READ_TIMEOUT_MS */
  readTimeoutMs?: number;
  /**
   * Whether a pooled connection is a session of its own (a Postgres server), so the writer's planner
   * settings (WRITER_PLANS) stay on its connection; false on the embedded database, whose
   * connections share one session. @default true
   */
  ownSession?: boolean;
}

/** The writer's connection, and its writes pipelined on it. */
interface WriterConnection {
  client: pg.PoolClient;
  pipeline: QueryPipeline;
  released: boolean;
}

/** The dead connection's own error comes from the query in flight; this keeps its event from crashing. */
const ignoreConnectionError = () => undefined;

export function createPostgresSink(
  options: PostgresSinkOptions,
): BlockSink<BlockBundle> & Required<Pick<BlockSink<BlockBundle>, "writeBatch">> & { close(): void } {
  const { pool, chainId } = options;
  const writeTimeoutMs = options.writeTimeoutMs ?? WRITE_TIMEOUT_MS;
  const readTimeoutMs = options.readTimeoutMs ?? READ_TIMEOUT_MS;
  const ownSession = options.ownSession ?? true;
  let connection: Promise<WriterConnection> | undefined;

  /** The writer's own connection, with asynchronous commit (see the module comment). */
  const writer = () => {
    connection ??= (async () => {
      const client = await pool.connect();
      // A checked-out client has no pool listener: a connection that dies between two writes
      // (a restart, pg_terminate_backend) would emit an unhandled "error" and crash the process.
      // The next write fails instead, and the loop retries on a new connection.
      client.on("error", ignoreConnectionError);
      try {
        await client.query({
          text: ownSession ? `${WRITER_SESSION}; ${WRITER_PLANS}` : WRITER_SESSION,
          query_timeout: readTimeoutMs,
        } as pg.QueryConfig);
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      return { client, pipeline: createQueryPipeline(client), released: false };
    })();
    return connection;
  };
  /**
   * Gives the writer's connection back to the pool, once; with `err` the pool discards it, and the
   * error listener stays, for the dying connection's own events.
   */
  const release = (c: WriterConnection, err?: Error) => {
    if (c.released) return;
    c.released = true;
    if (!err) c.client.off("error", ignoreConnectionError);
    c.client.release(err);
  };
  /**
   * Discards the connection a failed write went out on, once: the writes sent behind it on the same
   * connection fail too, and must not discard the new one a later write has opened meanwhile.
   */
  const drop = (used: Promise<WriterConnection>, err: unknown) => {
    if (connection === used) connection = undefined;
    void used
      .then((c) => release(c, err instanceof Error ? err : new Error(String(err))))
      .catch(() => undefined);
  };

  const checkpoint = async () => {
    const { rows } = await pool.query<{ height: string }>({
      text: "SELECT height FROM ingest_checkpoint WHERE chain_id = $1",
      values: [chainId],
      query_timeout: readTimeoutMs,
    } as pg.QueryConfig);
    return rows[0] ? BigInt(rows[0].height) : null;
  };

  /** Writes consecutive blocks and advances the checkpoint to the last, in one statement. */
  async function writeBatch(blocks: { height: bigint; value: BlockBundle }[]): Promise<void> {
    let expected = blocks[0]?.height;
    for (const { height, value } of blocks) {
      if (value.block.height !== height)
        throw new Error(`bundle of block ${value.block.height} offered as ${height}`);
      if (height !== expected)
        throw new Error(`blocks of one write must be consecutive: ${height} after ${expected}`);
      expected = height + 1n;
    }
    const first = blocks[0]?.height;
    if (first === undefined) return;
    let rows: { advanced: string }[];
    const used = writer();
    try {
      const { pipeline } = await used;
      // A named statement: prepared once per connection and shape, so it is not re-planned per write.
      ({ rows } = await pipeline.query<{ advanced: string }>({
        ...writeStatement(
          chainId,
          blocks.map((b) => b.value),
        ),
        query_timeout: writeTimeoutMs,
      }));
    } catch (err) {
      drop(used, err);
      throw err;
    }
    if (rows[0]?.advanced !== "1") {
      throw new Error(
        `block ${first} does not follow the checkpoint ${(await checkpoint()) ?? "(none)"} of ${chainId}`,
      );
    }
  }

  return {
    checkpoint,

    async blockHash(height) {
      const { rows } = await pool.query<{ hash: string }>({
        text: "SELECT encode(hash, 'hex') AS hash FROM block WHERE height = $1",
        values: [height.toString()],
        query_timeout: readTimeoutMs,
      } as pg.QueryConfig);
      return rows[0]?.hash ?? null;
    },

    write: (height, bundle) => writeBatch([{ height, value: bundle }]),
    writeBatch,

    close() {
      const current = connection;
      connection = undefined;
      void current
        ?.then(async (c) => {
          if (!ownSession) return release(c);
          // Back to the pool with Postgres's own planning, for whichever query gets it next; a
          // connection that cannot take the reset is discarded instead.
          try {
            await c.client.query({
              text: RESET_WRITER_PLANS,
              query_timeout: readTimeoutMs,
            } as pg.QueryConfig);
            release(c);
          } catch (err) {
            release(c, err as Error);
          }
        })
        .catch(() => undefined);
    },
  };
}
