/**
 * Ingest failures classified once, so the loop retries each with backoff but says which ones will
 * not heal by themselves. Kinds (the `kind` label of `weft_ingest_errors_total`):
 *
 * - `database`: a connection to Postgres refused, lost, timed out or terminated (57P01 ...), or the
 *   writer lock lost with it. Heals when the database is back.
 * - `node`: a node timeout, 5xx, 429, reset or refused connection, or an answer without the block
 *   yet. Heals when the node does.
 * - `node_rejected`: the node answered, deterministically, with something ingestion cannot use (a
 *   4xx, a JSON-RPC method it lacks, a body that is not JSON). Retried, since a node upgrade or a
 *   configuration fix heals it, but logged at error with the height and the method.
 * - `derive`: a block's payloads cannot be turned into rows (a derive bug or a payload the code does
 *   not know). Retried and logged at error, like `node_rejected`.
 * - `mismatch`: the node serves another chain than the one indexed. Fatal: never retried.
 * - `other`: anything else (a bug, an SQL error that is not about the connection). Retried and logged
 *   at error.
 */

import { HttpStatusError, NotJsonError, UnreachableError } from "../chain/http-json.js";
import { JsonRpcError } from "../chain/json-rpc-error.js";
import { databaseUnavailability } from "../db/unavailable.js";

export type IngestFailureKind = "database" | "node" | "node_rejected" | "derive" | "mismatch" | "other";

export const INGEST_FAILURE_KINDS: readonly IngestFailureKind[] = [
  "database",
  "node",
  "node_rejected",
  "derive",
  "mismatch",
  "other",
];

export interface IngestFailure {
  kind: IngestFailureKind;
  /** Asking again the same way gives the same answer: only a fix (node, code, configuration) heals it. */
  deterministic: boolean;
  /** Never retried (the process, or this ingestion, stops). */
  fatal: boolean;
  /** One line: what failed and why. */
  message: string;
  /** The block being fetched or written, when the failure belongs to one. */
  height?: bigint;
  /** The node method or URL path that failed (`eth_getBlockReceipts`, `/cosmos/tx/v1beta1/txs/block/5`). */
  endpoint?: string;
}

/**
 * The node serves another chain than the one indexed: its block at `height` has another hash than
 * the one stored (the node was reset, or points at another network). Never retried: following it
 * would mix two chains in one index.
 */
export class ChainMismatchError extends Error {
  constructor(
    readonly height: bigint,
    readonly indexedHash: string,
    readonly nodeHash: string,
  ) {
    super(`the hashes of block ${height} differ: indexed ${indexedHash}, node ${nodeHash}`);
    this.name = "ChainMismatchError";
  }
}

/** A failure while fetching or writing one block: carries the height into the classification. */
export class BlockError extends Error {
  constructor(
    readonly height: bigint,
    readonly step: "fetch" | "write",
    cause: unknown,
  ) {
    super(`block ${height} (${step}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "BlockError";
  }
}

/** A block's payloads could not be derived into rows: deterministic for those payloads. */
export class DeriveError extends Error {
  constructor(
    readonly height: bigint,
    cause: unknown,
  ) {
    super(`deriving block ${height}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DeriveError";
  }
}

/** The writer lock's connection was lost (or its heartbeat failed): another writer may take over. */
export class WriterLockLostError extends Error {
  constructor(cause?: unknown) {
    super(
      `writer lock lost${cause instanceof Error ? `: ${cause.message}` : ""}`,
      cause === undefined ? undefined : { cause },
    );
    this.name = "WriterLockLostError";
  }
}

/** Transaction conflicts a retry resolves (serialization failure, deadlock): not an outage, but transient. */
const TRANSIENT_SQLSTATES = new Set(["40001", "40P01"]);

/**
 * True when `err` says Postgres cannot be reached or dropped the connection (db/unavailable.ts, the
 * one classifier the API and the pool's breaker use too), the writer lock went with it, or a
 * transaction conflict a retry resolves; false for an SQL error of a statement it ran.
 */
function isDatabaseFailure(err: unknown): boolean {
  if (err instanceof WriterLockLostError || databaseUnavailability(err) !== undefined) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && TRANSIENT_SQLSTATES.has(code);
}

/** The URL's path (and query), without the host: which request failed, not where the node is. */
function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** JSON-RPC codes that a retry cannot change: method not found, invalid request or params. */
const DETERMINISTIC_JSON_RPC_CODES = new Set([-32601, -32600, -32602]);

/** Classifies one failure of the loop (any error it caught, wrapped or not). */
export function classifyIngestFailure(error: unknown): IngestFailure {
  let height: bigint | undefined;
  let err = error;
  // Unwrap the loop's own wrappers, keeping the height they carry.
  while (err instanceof BlockError) {
    height = err.height;
    err = err.cause;
  }
  const base = { message: messageOf(err), ...(height === undefined ? {} : { height }) };
  if (err instanceof ChainMismatchError)
    return { ...base, kind: "mismatch", deterministic: true, fatal: true, height: err.height };
  if (err instanceof DeriveError)
    return { ...base, kind: "derive", deterministic: true, fatal: false, height: err.height };
  if (err instanceof HttpStatusError) {
    const retryable = err.status >= 500 || err.status === 429 || err.status === 408;
    return {
      ...base,
      kind: retryable ? "node" : "node_rejected",
      deterministic: !retryable,
      fatal: false,
      endpoint: pathOf(err.url),
    };
  }
  if (err instanceof NotJsonError)
    return { ...base, kind: "node_rejected", deterministic: true, fatal: false, endpoint: pathOf(err.url) };
  if (err instanceof UnreachableError)
    return { ...base, kind: "node", deterministic: false, fatal: false, endpoint: pathOf(err.url) };
  if (err instanceof JsonRpcError) {
    const deterministic = DETERMINISTIC_JSON_RPC_CODES.has(err.code);
    return {
      ...base,
      kind: deterministic ? "node_rejected" : "node",
      deterministic,
      fatal: false,
      endpoint: err.method,
    };
  }
  // http-json's per-request deadline, and undici's "terminated" when a body breaks off.
  if (
    err instanceof Error &&
    (err.name === "TimeoutError" || (err instanceof TypeError && err.message === "terminated"))
  )
    return { ...base, kind: "node", deterministic: false, fatal: false };
  if (isDatabaseFailure(err)) return { ...base, kind: "database", deterministic: false, fatal: false };
  return { ...base, kind: "other", deterministic: true, fatal: false };
}

/** The failure as log fields: `{kind, height, endpoint}` beside the error itself. */
export function failureFields(failure: IngestFailure): Record<string, unknown> {
  return {
    kind: failure.kind,
    ...(failure.height === undefined ? {} : { height: Number(failure.height) }),
    ...(failure.endpoint === undefined ? {} : { endpoint: failure.endpoint }),
  };
}
