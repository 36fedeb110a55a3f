import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { lockDataDir } from "./data-dir-lock.js";

/**
 * PGlite serves one query at a time for all its connections; a few sockets let the pool, the Prisma
 * CLI and a psql session connect at once. An open transaction still blocks the others.
 */
const EMBEDDED_MAX_CONNECTIONS = 16;

export interface EmbeddedPostgres {
  /** postgres:// URL of the wire-protocol socket, for pg, Prisma and psql alike. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts PGlite (Postgres compiled to WASM) on a file-backed data directory and serves it over the
 * Postgres wire protocol on 127.0.0.1, so the embedded default uses the very same driver path
 * (pg + @prisma/adapter-pg) as a real Postgres.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
}): Promise<EmbeddedPostgres> {
  const dir = path.join(options.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(options.dataDir);
  let db: PGlite | undefined;
  let server: PGLiteSocketServer;
  try {
    db = await PGlite.create(dir);
    server = new PGLiteSocketServer({
      db,
      host: "127.0.0.1",
      port: options.port ?? 0,
      maxConnections: EMBEDDED_MAX_CONNECTIONS,
    });
    await server.start();
  } catch (err) {
    await db?.close().catch(() => undefined);
    lock.release();
    throw asError(err);
  }
  const pglite = db;
  const [host, port] = server.getServerConn().split(":");
  return {
    url: `postgres://postgres@${host}:${port}/postgres?sslmode=disable`,
    async close() {
      await server.stop();
      await pglite.close();
      lock.release();
    },
  };
}

/** PGlite can reject with a plain object (its WASM's abort); the CLI prints `err.message`. */
function asError(err: unknown): Error {
  if (err instanceof Error) return err;
  const detail = typeof err === "object" && err !== null ? JSON.stringify(err) : String(err);
  return new Error(`the embedded database (PGlite) failed to start: ${detail}`);
}
