/**
 * Why a database connection failed, in one line an operator can act on: where we tried (host, port,
 * database, user; never the password) and the cause in words, with the pg/Node code beside it.
 */
export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}

/** Postgres SQLSTATEs and Node socket codes that have a plain-words cause. */
const CAUSES: Record<string, string> = {
  ECONNREFUSED: "connection refused (is Postgres running and listening there?)",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name lookup failed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ECONNRESET: "connection reset by the server",
  "28P01": "password authentication failed",
  "28000": "the server refused this user (pg_hba.conf)",
  "3D000": "the database does not exist (create it first)",
  "53300": "the server has too many connections",
  "57P03": "the server is starting up or shutting down",
};

/** `host:port/database as user` of a postgres:// URL, without its password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const database = decodeURIComponent(u.pathname.replace(/^\//, "")) || "(default)";
    const user = u.username ? ` as ${decodeURIComponent(u.username)}` : "";
    return `${u.hostname || "localhost"}:${u.port || "5432"}/${database}${user}`;
  } catch {
    return "(an unparseable DATABASE_URL)";
  }
}

/** Wraps a connection failure into a one-line `DatabaseUnreachableError`; other errors pass through. */
export function classifyConnectError(err: unknown, url: string): Error {
  const e = err as { code?: string; message?: string; errors?: { code?: string }[] };
  // Node reports a refused dual-stack connect as an AggregateError whose own code may be missing.
  const code = e?.code ?? e?.errors?.[0]?.code;
  const where = describeDatabaseUrl(url);
  if (code && CAUSES[code]) {
    return new DatabaseUnreachableError(
      `cannot reach the database at ${where}: ${CAUSES[code]} [${code}]; check DATABASE_URL`,
      {
        cause: err,
      },
    );
  }
  const message = String(e?.message ?? err);
  if (/timeout/i.test(message)) {
    return new DatabaseUnreachableError(
      `cannot reach the database at ${where}: connection timed out; check DATABASE_URL`,
      {
        cause: err,
      },
    );
  }
  if (/SSL|TLS|certificate/i.test(message) || code === undefined) {
    return new DatabaseUnreachableError(
      `cannot reach the database at ${where}: ${message.split("\n")[0]}; check DATABASE_URL`,
      { cause: err },
    );
  }
  return err instanceof Error ? err : new Error(message);
}
