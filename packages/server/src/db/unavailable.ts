/**
 * "The database is unavailable", decided once for every caller: the HTTP error boundary (503 instead
 * of 500), the circuit breaker (availability.ts), readiness, and ingestion's retries. Everything
 * else a query can fail with (a constraint, a syntax error, bad input) is not an outage and stays
 * what it is.
 */

/** Why the database cannot be used right now, in words a client or an operator can act on. */
export interface DatabaseUnavailability {
  /** e.g. "connection refused [ECONNREFUSED]". */
  cause: string;
  /**
   * The connection or the server is gone or silent (not merely one slow statement): the circuit
   * breaker opens on these and the connection that saw it must not be reused.
   */
  connectionLost: boolean;
}

/** Thrown at once, without touching the network, while the breaker knows the database is down. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  constructor(readonly unavailability: DatabaseUnavailability) {
    super(`database unavailable: ${unavailability.cause}`);
  }
}

/** Node socket codes (also on AggregateError.errors[] of a dual-stack connect). */
const SOCKET_CAUSES: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection broken",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EHOSTDOWN: "host down",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name lookup failed",
};

/** SQLSTATEs of a server that is going, gone, or refusing connections (Postgres appendix A). */
const SQLSTATE_CAUSES: Readonly<Record<string, string>> = {
  "08000": "connection exception",
  "08001": "the client could not establish a connection",
  "08003": "the connection does not exist",
  "08004": "the server rejected the connection",
  "08006": "connection failure",
  "57P01": "the server is shutting down (admin shutdown)",
  "57P02": "the server crashed (crash shutdown)",
  "57P03": "the server is starting up or shutting down",
  "53300": "the server has too many connections",
};

/**
 * A statement the server cancelled at statement_timeout: the server is up and the connection
 * usable, but it could not answer in time (overload, or a lock held elsewhere), so the request gets
 * a 503 to retry without opening the breaker.
 */
const STATEMENT_TIMEOUT = "57014";

/** pg and pg-pool failures that carry no code, by their (stable) messages. */
const MESSAGE_CAUSES: ReadonlyArray<readonly [RegExp, string]> = [
  [/timeout exceeded when trying to connect/i, "no connection within the connect timeout"],
  [/Connection terminated due to connection timeout|^timeout expired$/i, "connection timed out"],
  [/Query read timeout/i, "no answer within the query timeout"],
  [/Connection terminated unexpectedly/i, "connection lost"],
  [/^Connection terminated$/i, "connection closed"],
  [/is not queryable/i, "connection lost"],
];

/** How many `cause` links to follow (a wrapped wrapper is fine; a cycle is not). */
const MAX_CAUSE_DEPTH = 4;

function classifyOne(err: unknown): DatabaseUnavailability | undefined {
  if (err instanceof DatabaseUnavailableError) return err.unavailability;
  if (typeof err !== "object" || err === null) return undefined;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  const codes = [code, ...(Array.isArray(errors) ? errors.map((e) => (e as { code?: unknown })?.code) : [])];
  for (const c of codes) {
    if (typeof c !== "string") continue;
    const socket = SOCKET_CAUSES[c];
    if (socket) return { cause: `${socket} [${c}]`, connectionLost: true };
    const server = SQLSTATE_CAUSES[c];
    if (server) return { cause: `${server} [${c}]`, connectionLost: true };
    if (c === STATEMENT_TIMEOUT)
      return { cause: `the query was cancelled at the statement timeout [${c}]`, connectionLost: false };
  }
  if (typeof message !== "string") return undefined;
  for (const [pattern, cause] of MESSAGE_CAUSES) {
    if (pattern.test(message)) return { cause, connectionLost: true };
  }
  return undefined;
}

/**
 * Whether `err` (or an error it wraps as `cause`) means the database cannot be used right now.
 * @returns the cause in words, or undefined for an ordinary query failure.
 */
export function databaseUnavailability(err: unknown): DatabaseUnavailability | undefined {
  let current = err;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current !== undefined && current !== null; depth++) {
    const found = classifyOne(current);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
