import { describe, expect, it } from "vitest";
import { runWeft } from "../_test/spawn-weft.js";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { classifyConnectError, DatabaseUnreachableError, describeDatabaseUrl } from "./connect-error.js";
import { openDatabase } from "./database.js";

describe("an unreachable database is one line naming where and why", () => {
  it("`weft serve` and `weft migrate` print host, port, database, user and cause; never the password", async () => {
    for (const command of ["serve", "migrate"]) {
      const run = await runWeft([command], {
        DATABASE_URL: "postgres://alice:s3cret@127.0.0.1:1/weft",
        PORT: "0",
      });
      expect(run.stderr).toBe(
        "weft: cannot reach the database at 127.0.0.1:1/weft as alice: connection refused " +
          "(is Postgres running and listening there?) [ECONNREFUSED]; check DATABASE_URL\n",
      );
      expect(run.code).toBe(1);
      expect(run.stdout).not.toContain("s3cret");
    }
  }, 60_000);

  it("names a database that does not exist on a reachable server", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const scratch = await createScratchDatabase();
    await scratch.drop();
    const url = new URL(scratch.url);
    const failure = await openDatabase({ url: scratch.url, dataDir: "/tmp", logger: silentLogger }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(DatabaseUnreachableError);
    expect((failure as Error).message).toBe(
      `cannot reach the database at ${url.hostname}:${url.port}${url.pathname} as ${url.username}: ` +
        "the database does not exist (create it first) [3D000]; check DATABASE_URL",
    );
  });

  it("describes URLs without their secrets, with Postgres's defaults filled in", () => {
    expect(describeDatabaseUrl("postgres://u:p@db.internal/weft")).toBe("db.internal:5432/weft as u");
    expect(describeDatabaseUrl("postgres://db:6543")).toBe("db:6543/(default)");
    expect(describeDatabaseUrl("not a url")).toBe("(an unparseable DATABASE_URL)");
  });

  it("passes errors that are not about reaching the server through unchanged", () => {
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: "42601" });
    expect(classifyConnectError(syntax, "postgres://db/weft")).toBe(syntax);
  });
});
