/**
 * Queries sent on one pg client without waiting for the answer to the one before: Postgres's
 * extended-protocol pipelining. Each query still ends with its own Sync, so each is its own implicit
 * transaction, committed before the next one starts; the server runs them one after another, in the
 * order sent. What goes away is the wait between them: the round trip, and the time the answer waits
 * for our event loop while it derives the next blocks.
 *
 * Why: ingestion with a transaction per block sent one block's statement, waited ~3 ms for its answer,
 * then sent the next; Postgres spent ~1.5 ms of that executing it (BENCHMARKS.md, "Ingestion").
 *
 * node-postgres (8.16) has no pipeline mode: its client sends a query only after the previous one's
 * ReadyForQuery. This hands the client one Submittable (the interface pg-cursor uses) that stays its
 * active query while any of our queries is unanswered, writes each query as it comes, and passes every
 * message to the oldest unanswered one: pg's own Query objects, which bind, parse rows and call back
 * exactly as when the client runs them. It relies on three fields pg does not type (`activeQuery`,
 * `readyForQuery`, `connection.parsedStatements`); the tests in query-pipeline.e2e.test.ts run it on a real
 * server, so a pg upgrade that changes them fails there.
 *
 * After any failure other than the server refusing one query (a dead connection, a timeout), every
 * unanswered query fails, the connection is closed and the pipeline refuses new ones: discard the
 * client.
 */
import pg from "pg";

/** The parts of pg's Client this relies on; none of them are in its typings. */
interface ClientInternals {
  activeQuery: unknown;
  readyForQuery: boolean;
  connection: PgConnection;
}
interface PgConnection {
  parsedStatements: Record<string, string>;
  sync(): void;
  stream: { destroy(): void };
}
/** pg.Query as its JavaScript has it: the typings omit the protocol handlers. */
interface PgQuery {
  name?: string;
  text?: string;
  callback?: (err: Error | null, result?: pg.QueryResult) => void;
  submit(connection: PgConnection): Error | null;
  handleRowDescription(msg: unknown): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
  handleEmptyQuery(connection: PgConnection): void;
  handlePortalSuspended(connection: PgConnection): void;
  handleError(err: Error, connection: PgConnection): void;
  handleReadyForQuery(connection: PgConnection): void;
}

const ignore = () => undefined;
const IGNORED = {
  handleRowDescription: ignore,
  handleDataRow: ignore,
  handleCommandComplete: ignore,
  handleEmptyQuery: ignore,
  handlePortalSuspended: ignore,
};

interface Entry {
  query: PgQuery;
  /** Called back already (a refused query waits for its ReadyForQuery only). */
  settled: boolean;
  timer?: NodeJS.Timeout;
}

export interface QueryPipeline {
  /** Sends `config` at once (or as soon as the client is free) and resolves with its answer. */
  query<R extends pg.QueryResultRow>(
    config: pg.QueryConfig & { query_timeout?: number },
  ): Promise<pg.QueryResult<R>>;
  /** Queries sent or waiting and not yet answered. */
  readonly pending: number;
}

export function createQueryPipeline(client: pg.ClientBase): QueryPipeline {
  const internals = client as unknown as ClientInternals;
  /** Sent on the wire, oldest first: every message from the server is about `sent[0]`. */
  const sent: Entry[] = [];
  /** Waiting for the client to hand over the connection (it was running another query). */
  const waiting: Entry[] = [];
  /** Whether the client has handed us the connection (we are its active query). */
  let owning = false;
  /** Whether we are in the client's queue. */
  let queued = false;
  let broken: Error | undefined;

  /** Fails `entry` unless it has its answer already (its callback marks it settled). */
  const settle = (entry: Entry, err: Error) => {
    if (!entry.settled) entry.query.callback?.(err);
  };

  /** Fails everything unanswered; the connection's state is unknown from here on. */
  const breakAll = (err: Error) => {
    broken ??= err;
    owning = false;
    queued = false;
    // Answers still on their way (to a query given up on) would reach a client that expects none.
    internals.connection.stream.destroy();
    for (const entry of [...sent.splice(0), ...waiting.splice(0)]) settle(entry, err);
  };

  const send = (entry: Entry) => {
    const connection = internals.connection;
    const error = entry.query.submit(connection);
    if (error) settle(entry, error);
    // Marked when sent, not when ParseComplete comes back: the next query naming the statement may
    // go out before that, and must then bind it, not parse it again.
    else if (entry.query.name && entry.query.text)
      connection.parsedStatements[entry.query.name] = entry.query.text;
    // A query that failed here (pg refused its config, or binding its values threw) went out without
    // a Sync, or not at all: one from us makes the server answer ReadyForQuery for it, so the answers
    // after it still line up, and the client gets its connection back even if it was the only one.
    if (entry.settled) connection.sync();
    sent.push(entry);
  };

  /**
   * The query the server is answering. None once the pipeline broke: a query given up on (a timeout)
   * may still be answered before the caller discards the connection, and that answer goes nowhere.
   */
  const head = (): Pick<
    PgQuery,
    | "handleRowDescription"
    | "handleDataRow"
    | "handleCommandComplete"
    | "handleEmptyQuery"
    | "handlePortalSuspended"
  > => sent[0]?.query ?? IGNORED;

  /** What the client sees as its active query while any of ours is unanswered. */
  const submittable = {
    /**
     * pg wraps this when the client has a connection-wide query_timeout, and clears that timer when
     * it is called: called each time we hand the connection back, reset before we queue again.
     */
    callback: (() => undefined) as (err: Error | null) => void,
    submit() {
      queued = false;
      owning = true;
      for (const entry of waiting.splice(0)) send(entry);
      return null;
    },
    handleRowDescription: (msg: unknown) => head().handleRowDescription(msg),
    handleDataRow: (msg: unknown) => head().handleDataRow(msg),
    handleCommandComplete: (msg: unknown, connection: PgConnection) =>
      head().handleCommandComplete(msg, connection),
    handleEmptyQuery: (connection: PgConnection) => head().handleEmptyQuery(connection),
    handlePortalSuspended: (connection: PgConnection) => head().handlePortalSuspended(connection),
    handleError(err: Error, connection: PgConnection) {
      const entry = sent[0];
      if (owning && entry && err instanceof pg.DatabaseError) {
        // The server refused this one query. It skips to the query's Sync and answers ReadyForQuery,
        // then runs the next one: keep the connection's messages coming to us.
        if (!entry.settled) entry.query.handleError(err, connection);
        internals.activeQuery = submittable;
        return;
      }
      breakAll(err);
    },
    handleReadyForQuery(connection: PgConnection) {
      const entry = sent.shift();
      if (entry && !entry.settled) entry.query.handleReadyForQuery(connection);
      if (sent.length > 0) {
        // The client has just marked itself idle; more answers are on their way to us.
        internals.activeQuery = submittable;
        internals.readyForQuery = false;
      } else {
        owning = false;
        submittable.callback(null);
      }
    },
    handleCopyInResponse() {
      breakAll(new Error("query pipeline: COPY is not supported"));
    },
    handleCopyData() {},
  };

  return {
    get pending() {
      return sent.length + waiting.length;
    },
    query<R extends pg.QueryResultRow>(config: pg.QueryConfig & { query_timeout?: number }) {
      return new Promise<pg.QueryResult<R>>((resolve, reject) => {
        if (broken) {
          reject(broken);
          return;
        }
        const { query_timeout: timeoutMs, ...rest } = config;
        const query = new pg.Query(rest) as unknown as PgQuery;
        const entry: Entry = { query, settled: false };
        // The one place an entry gets its answer; pg's Query may call back twice (an error, then
        // ReadyForQuery), the first call wins.
        query.callback = (err, result) => {
          if (entry.settled) return;
          entry.settled = true;
          clearTimeout(entry.timer);
          if (err) reject(err);
          else resolve(result as pg.QueryResult<R>);
        };
        if (timeoutMs) {
          // Measured by the client: a server that never answers (a black-holed connection) ends here.
          entry.timer = setTimeout(
            () => breakAll(new Error(`query pipeline: no answer within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }
        if (owning) {
          send(entry);
          return;
        }
        waiting.push(entry);
        if (!queued) {
          queued = true;
          submittable.callback = () => undefined;
          client.query(submittable as unknown as pg.Submittable);
        }
      });
    },
  };
}
