/**
 * One ingest writer per chain, across any number of processes: a Postgres session-level advisory
 * lock held on a dedicated connection for as long as the writer runs. If the process dies, Postgres
 * drops the connection and with it the lock, so a standby takes over without any cleanup.
 */
import type pg from "pg";

/** Namespace of Weft's advisory locks (first key of the two-int form), so other apps' locks never collide. */
const LOCK_NAMESPACE = 0x57_45_46_54; // "WEFT"

export interface WriterLock {
  /** Resolves when the lock is released (by `release()` or because its connection dropped). */
  lost: Promise<void>;
  release(): Promise<void>;
}

/**
 * Tries to become the writer of `chainId`.
 * @returns the lock, or undefined when another process holds it.
 */
export async function tryAcquireWriterLock(pool: pg.Pool, chainId: string): Promise<WriterLock | undefined> {
  const client = await pool.connect();
  let acquired = false;
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      "SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS ok",
      [LOCK_NAMESPACE, `ingest:${chainId}`],
    );
    acquired = rows[0]?.ok === true;
  } finally {
    if (!acquired) client.release();
  }
  if (!acquired) return undefined;
  let resolveLost: () => void = () => undefined;
  const lost = new Promise<void>((resolve) => {
    resolveLost = resolve;
  });
  let released = false;
  const onError = () => {
    if (released) return;
    released = true;
    // Hand the dead connection back so the pool discards it (and can end cleanly).
    client.release(new Error("writer lock connection lost"));
    resolveLost();
  };
  // An idle checked-out connection that dies emits "end" (and "error" when a query was running).
  client.on("error", onError);
  client.on("end", onError);
  return {
    lost,
    async release() {
      if (released) return;
      released = true;
      client.off("error", onError);
      client.off("end", onError);
      try {
        await client.query("SELECT pg_advisory_unlock($1::int, hashtext($2))", [
          LOCK_NAMESPACE,
          `ingest:${chainId}`,
        ]);
        client.release();
      } catch (err) {
        // A broken connection already lost the lock; make the pool discard it.
        client.release(err instanceof Error ? err : new Error(String(err)));
      }
      resolveLost();
    },
  };
}
