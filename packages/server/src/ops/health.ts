import type { AppDeps } from "../app.js";
import { migrationStatus } from "../db/database.js";
import { ApiError } from "../http/errors.js";
import type { OperationHandlers, SuccessBody } from "../http/operations.js";

/** `getHealth` (liveness, no I/O) and `getReady` (database reachable, migrations applied). */
export function createHealthHandlers(deps: Pick<AppDeps, "db">): OperationHandlers {
  return {
    getHealth: () => ({ status: "ok" }),
    getReady: async () => {
      let status: Awaited<ReturnType<typeof migrationStatus>>;
      try {
        status = await migrationStatus(deps.db.pool);
      } catch (err) {
        // Only an unreachable database means "not ready"; anything else is a bug and surfaces as a 500.
        if (!isConnectionError(err)) throw err;
        const reason = err instanceof Error ? err.message : String(err);
        throw new ApiError(503, `database unreachable: ${reason}`, {
          details: [{ reason: "DATABASE_UNREACHABLE" }],
        });
      }
      if (status.pending.length > 0) {
        throw new ApiError(503, `${status.pending.length} migration(s) not applied; run \`weft migrate\``, {
          details: [{ reason: "MIGRATIONS_PENDING", metadata: { pending: status.pending.join(",") } }],
        });
      }
      return {
        status: "ready",
        database: "ok",
        migrations: { applied: status.applied, pending: 0 },
      } satisfies SuccessBody<"getReady">;
    },
  };
}

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P03",
]);

function isConnectionError(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) return true;
  return typeof message === "string" && /connect|Connection terminated|timeout/i.test(message);
}
