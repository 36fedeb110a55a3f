/**
 * One ingest writer per chain, across any number of processes: a Postgres session-level advisory
 * lock held on a dedicated connection for as long as the writer runs. If the process dies, Postgres
 * drops the connection and with it the lock, so a standby takes over without any cleanup.
 *
 * The holder checks its connection every `heartbeatMs` with a bounded query: a connection that died
 * without a word (a network partition, a black-holed proxy) is then noticed within heartbeat +
 * timeout, not after the kernel's TCP timeout of minutes to hours, and the writer stops writing.
 */
import type pg from "pg";
import { WriterLockLostError } from "./ingest-failure.js";

/** Namespace of Weft's advisory locks (first key of the two-int form), so other apps' locks never collide. */
const LOCK_NAMESPACE = 0x57_45_46_54; // "WEFT"
/** How often the holder checks that its lock connection still answers. */
export const LOCK_HEARTBEAT_MS = 5_000;
/** Longest wait for an answer on the lock connection (taking, checking, releasing). */
export const LOCK_QUERY_TIMEOUT_MS = 10_000;
/**
 * The server's TCP keepalive on the lock's session (seconds): idle 10, then a probe every 5, dead
 * after 3 unanswered. A holder cut off by a partition is otherwise seen dead by Postgres only after
 * the kernel default (2 h), and its lock keeps every writer, itself included, standing by that long.
 */
const SERVER_KEEPALIVE_SQL =
  "SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3";

export interface WriterLock {
  /**
   * Resolves when the lock is gone: released by `release()`, or its connection dropped or stopped
   * answering (then with the cause). Another process may hold it from then on.
   */
  lost: Promise<WriterLockLostError>;
  release(): Promise<void>;
}

export interface WriterLockOptions {
  /** @default LOCK_HEARTBEAT_MS */
  heartbeatMs?: number;
  /** @default LOCK_QUERY_TIMEOUT_MS */
  queryTimeoutMs?: number;
}

/**
 * Tries to become the writer of `chainId`.
 * @returns the lock, or undefined when another process holds it.
 * @throws when the database cannot be reached (the caller retries).
 */
export async function tryAcquireWriterLock(
  pool: pg.Pool,
  chainId: string,
  options: WriterLockOptions = {},
): Promise<WriterLock | undefined> {
  const queryTimeoutMs = options.queryTimeoutMs ?? LOCK_QUERY_TIMEOUT_MS;
  const key = [LOCK_NAMESPACE, `ingest:${chainId}`];
  const client = await pool.connect();
  let lose: (cause: unknown) => void = () => undefined;
  // A checked-out client has no listener of the pool's: without one, a connection that dies while
  // held (a restart, a partition healing, pg_terminate_backend) crashes the process. This one stays
  // for the client's life; it is destroyed (release with an error) or returned idle, never reused bare.
  const onError = (err: unknown) => lose(err);
  const onEnd = () => lose(new Error("the lock connection ended"));
  client.on("error", onError);
  client.on("end", onEnd);
  const detach = () => {
    client.off("error", onError);
    client.off("end", onEnd);
  };
  let acquired = false;
  try {
    const { rows } = await client.query<{ ok: boolean }>({
      text: "SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS ok",
      values: key,
      query_timeout: queryTimeoutMs,
    } as pg.QueryConfig);
    acquired = rows[0]?.ok === true;
  } catch (err) {
    detach();
    client.release(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  if (!acquired) {
    detach();
    client.release();
    return undefined;
  }
  // Best effort: a server that does not take them (a Unix socket, PGlite) holds the lock all the same.
  await client
    .query({ text: SERVER_KEEPALIVE_SQL, query_timeout: queryTimeoutMs } as pg.QueryConfig)
    .catch(() => undefined);
  let resolveLost: (reason: WriterLockLostError) => void = () => undefined;
  const lost = new Promise<WriterLockLostError>((resolve) => {
    resolveLost = resolve;
  });
  let done = false;
  let heartbeat: NodeJS.Timeout | undefined;
  const finish = (reason: WriterLockLostError) => {
    done = true;
    clearTimeout(heartbeat);
    resolveLost(reason);
  };
  lose = (cause: unknown) => {
    if (done) return;
    finish(new WriterLockLostError(cause));
    // Hand the dead connection back so the pool discards it (and can end cleanly); the error
    // listener stays attached, as its socket may still report.
    client.release(new Error("writer lock connection lost"));
  };
  const beat = () => {
    heartbeat = setTimeout(() => {
      client.query({ text: "SELECT 1", query_timeout: queryTimeoutMs } as pg.QueryConfig).then(() => {
        if (!done) beat();
      }, lose);
    }, options.heartbeatMs ?? LOCK_HEARTBEAT_MS);
    // The heartbeat alone never keeps the process alive.
    heartbeat.unref();
  };
  beat();
  return {
    lost,
    async release() {
      if (done) return;
      finish(new WriterLockLostError(new Error("released")));
      try {
        await client.query({
          text: "SELECT pg_advisory_unlock($1::int, hashtext($2))",
          values: key,
          query_timeout: queryTimeoutMs,
        } as pg.QueryConfig);
        detach();
        client.release();
      } catch (err) {
        // A broken connection already lost the lock; make the pool discard it.
        client.release(err instanceof Error ? err : new Error(String(err)));
      }
    },
  };
}
