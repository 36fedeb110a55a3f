import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { committedMigrations } from "../db/migrate.js";

describe("/health and /ready on a migrated database", () => {
  const database = useTestDatabase();
  const url = serveForTests(() => createTestApp({ db: database().db }));

  it("is alive", async () => {
    const res = await fetch(`${url()}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("is ready once every migration is applied", async () => {
    const res = await fetch(`${url()}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      database: "ok",
      migrations: { applied: committedMigrations().length, pending: 0 },
    });
  });

  it("is not ready while a migration is pending", async () => {
    const { pool } = database().db;
    const last = committedMigrations().at(-1);
    await pool.query("UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1", [
      last,
    ]);
    try {
      const res = await fetch(`${url()}/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 14,
        message: "1 migration(s) not applied; run `weft migrate`",
        details: [{ reason: "MIGRATIONS_PENDING", metadata: { pending: last } }],
      });
    } finally {
      await pool.query("UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = $1", [
        last,
      ]);
    }
  });
});

describe("/ready without a database", () => {
  // Port 1 on loopback refuses connections at once.
  const pool = new pg.Pool({
    connectionString: "postgres://postgres@127.0.0.1:1/none",
    connectionTimeoutMillis: 1_000,
  });
  const url = serveForTests(() => createTestApp({ db: { pool } }));

  it("answers 503 naming the database", async () => {
    const res = await fetch(`${url()}/ready`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { code: number; message: string; details: unknown[] };
    expect(body).toEqual({
      code: 14,
      message: expect.stringMatching(/^database unreachable: .*ECONNREFUSED/),
      details: [{ reason: "DATABASE_UNREACHABLE" }],
    });
  });

  it("still answers /health", async () => {
    expect((await fetch(`${url()}/health`)).status).toBe(200);
  });
});
