import { ApiError } from "../api/errors.js";
import type { OperationHandlers, SuccessBody } from "../api/operation.js";
import { type Database, migrationStatus } from "../db/database.js";
import type { ReadReplicas, ReplicaStatus } from "../db/read-replicas.js";
import { databaseUnavailability } from "../db/unavailable.js";
import type { IngestHealth } from "../ingest/ingest-status.js";

/** What readiness looks at: the database, and ingestion when this process runs it. */
export interface HealthDeps {
  db: Pick<Database, "pool">;
  ingestion?: IngestHealth;
  /** Read replicas: listed with their lag, and why one is skipped (reads then go elsewhere: still ready). */
  readReplicas?: Pick<ReadReplicas, "status">;
  /** `weft ingest --chains`: each chain followed and its state, listed (`ingestion` says when all stall). */
  chains?: () => ChainReadiness[];
}

export type ChainReadiness = NonNullable<SuccessBody<"getReady">["chains"]>[number];

/**
 * Readiness, shared by the API's /ready and the monitor of `weft ingest` (ingest-monitor.ts): the
 * database is reachable with every migration applied, and, in a process that ingests, ingestion is
 * not stalled (ingest/ingest-status.ts).
 * @throws ApiError 503 naming the failed check (DATABASE_UNREACHABLE, MIGRATIONS_PENDING, INGEST_STALLED)
 */
export async function checkReadiness(deps: HealthDeps): Promise<SuccessBody<"getReady">> {
  let status: Awaited<ReturnType<typeof migrationStatus>>;
  try {
    status = await migrationStatus(deps.db.pool);
  } catch (err) {
    // Only an unreachable database means "not ready"; anything else is a bug and surfaces as a 500.
    const unavailable = databaseUnavailability(err);
    if (!unavailable) throw err;
    throw new ApiError(503, `database unreachable: ${unavailable.cause}`, {
      details: [{ reason: "DATABASE_UNREACHABLE" }],
    });
  }
  if (status.pending.length > 0) {
    throw new ApiError(503, `${status.pending.length} migration(s) not applied; run \`weft migrate\``, {
      details: [{ reason: "MIGRATIONS_PENDING", metadata: { pending: status.pending.join(",") } }],
    });
  }
  const stall = deps.ingestion?.stalled();
  if (stall) {
    throw new ApiError(503, stall.message, {
      details: [{ reason: "INGEST_STALLED", metadata: stall.metadata }],
    });
  }
  // The primary serves every read a replica cannot: a replica skipped is reported, never a 503.
  const replicas = deps.readReplicas?.status();
  const chains = deps.chains?.();
  const ready: SuccessBody<"getReady"> & { replicas?: ReplicaStatus[] } = {
    status: "ready",
    database: "ok",
    migrations: { applied: status.applied, pending: 0 },
    ...(replicas ? { replicas } : {}),
    ...(chains ? { chains } : {}),
  };
  return ready;
}

/**
 * `getHealth` (liveness, no I/O) and `getReady` (database reachable, migrations applied, and in a
 * process that ingests, ingestion not stalled).
 */
export function createHealthHandlers(deps: HealthDeps): OperationHandlers {
  return {
    getHealth: () => ({ status: "ok" }),
    getReady: () => checkReadiness(deps),
  };
}
