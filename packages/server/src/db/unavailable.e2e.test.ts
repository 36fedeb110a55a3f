import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, databaseUnavailability } from "./unavailable.js";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("databaseUnavailability", () => {
  it.each([
    [withCode("ECONNREFUSED"), "connection refused [ECONNREFUSED]", true],
    [withCode("ECONNRESET"), "connection reset [ECONNRESET]", true],
    [withCode("ETIMEDOUT"), "connection timed out [ETIMEDOUT]", true],
    [
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]),
      "connection refused [ECONNREFUSED]",
      true,
    ],
    [new Error("timeout exceeded when trying to connect"), "no connection within the connect timeout", true],
    [new Error("Connection terminated due to connection timeout"), "connection timed out", true],
    [new Error("Connection terminated unexpectedly"), "connection lost", true],
    [new Error("Query read timeout"), "no answer within the query timeout", true],
    [new Error("Client has encountered a connection error and is not queryable"), "connection lost", true],
    [withCode("57P01"), "the server is shutting down (admin shutdown) [57P01]", true],
    [withCode("57P02"), "the server crashed (crash shutdown) [57P02]", true],
    [withCode("57P03"), "the server is starting up or shutting down [57P03]", true],
    [withCode("08006"), "connection failure [08006]", true],
    [withCode("53300"), "the server has too many connections [53300]", true],
    [withCode("57014"), "the query was cancelled at the statement timeout [57014]", false],
    [new Error("wrapped", { cause: withCode("ECONNREFUSED") }), "connection refused [ECONNREFUSED]", true],
    [
      new DatabaseUnavailableError({ cause: "connection refused [ECONNREFUSED]", connectionLost: true }),
      "connection refused [ECONNREFUSED]",
      true,
    ],
  ])("%s", (err, cause, connectionLost) => {
    expect(databaseUnavailability(err)).toEqual({ cause, connectionLost });
  });

  it.each([
    withCode("23505", "duplicate key value violates unique constraint"),
    withCode("42P01", 'relation "nope" does not exist'),
    withCode("22P02", "invalid input syntax for type bigint"),
    new TypeError("Cannot read properties of undefined"),
    "a string",
    undefined,
    null,
  ])("%s is an ordinary failure", (err) => {
    expect(databaseUnavailability(err)).toBeUndefined();
  });

  it("recognises what pg really throws at a closed port, at a mute server, and on a statement timeout", async () => {
    const refused = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:1/none" });
    const refusal = await refused.connect().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(databaseUnavailability(refusal)?.cause).toBe("connection refused [ECONNREFUSED]");

    // Accepts and never answers: a black hole.
    const mute = net.createServer(() => undefined);
    await new Promise<void>((resolve) => mute.listen(0, "127.0.0.1", resolve));
    const { port } = mute.address() as net.AddressInfo;
    try {
      const pool = new pg.Pool({
        connectionString: `postgres://postgres@127.0.0.1:${port}/none`,
        connectionTimeoutMillis: 200,
      });
      const hung = await pool.query("SELECT 1").then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(databaseUnavailability(hung)).toEqual({ cause: "connection timed out", connectionLost: true });
      await pool.end();
    } finally {
      mute.close();
    }
  });
});
