import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, realPostgresAvailable } from "../_test/test-database.js";
import { createQueryPipeline } from "./query-pipeline.js";

/**
 * A TCP relay to Postgres that keeps every byte the client sent: what went out while the server was
 * still busy with an earlier query is what pipelining is.
 */
async function recordingRelay(target: URL) {
  let sent = Buffer.alloc(0);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on("data", (chunk: Buffer) => {
      sent = Buffer.concat([sent, chunk]);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    sentText: () => sent.toString("latin1"),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("query pipeline (real Postgres)", async () => {
  const available = (await realPostgresAvailable()) || process.env.CI === "true";
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const clients: pg.Client[] = [];
  const connect = async (url = scratch?.url) => {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    if (!available) return;
    scratch = await createScratchDatabase();
    const setup = await connect();
    await setup.query("CREATE TABLE written (n int PRIMARY KEY)");
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await scratch?.drop();
  });

  it.runIf(available)(
    "sends each query while the ones ahead are still running, and answers each in order",
    async () => {
      const relay = await recordingRelay(new URL(scratch?.url ?? ""));
      try {
        const holder = await connect();
        await holder.query("SELECT pg_advisory_lock(4242)");
        const client = await connect(relay.url);
        const pipeline = createQueryPipeline(client);
        // The first waits for the lock another session holds; the next two are behind it.
        const answers = [
          pipeline.query({ text: "SELECT pg_advisory_lock(4242), 1 AS n" }),
          pipeline.query({ text: "SELECT 2 AS n_second" }),
          pipeline.query({ text: "SELECT $1::int AS n", values: [3] }),
        ];
        await new Promise((resolve) => setTimeout(resolve, 200));
        // On the wire already, while the server is still inside the first.
        expect(relay.sentText()).toContain("SELECT 2 AS n_second");
        expect(pipeline.pending).toBe(3);
        await holder.query("SELECT pg_advisory_unlock(4242)");
        const results = await Promise.all(answers);
        expect(results.map((r) => r.rows)).toEqual([
          [{ pg_advisory_lock: "", n: 1 }],
          [{ n_second: 2 }],
          [{ n: 3 }],
        ]);
        expect(pipeline.pending).toBe(0);
        // The client is its usual self again, and the pipeline takes it again after that.
        expect((await client.query("SELECT 4 AS n")).rows).toEqual([{ n: 4 }]);
        expect((await pipeline.query({ text: "SELECT 5 AS n" })).rows).toEqual([{ n: 5 }]);
        await client.query("SELECT pg_advisory_unlock_all()");
      } finally {
        await relay.close();
      }
    },
  );

  it.runIf(available)(
    "runs each query as its own transaction: one the server refuses fails alone",
    async () => {
      const pipeline = createQueryPipeline(await connect());
      const answers = [
        pipeline.query({ text: "INSERT INTO written VALUES ($1)", values: [1] }),
        pipeline.query({ text: "INSERT INTO written VALUES ($1)", values: [1] }),
        pipeline.query({ text: "INSERT INTO written VALUES ($1)", values: [2] }),
      ];
      const settled = await Promise.allSettled(answers);
      expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ code: "23505" });
      const check = await connect();
      expect((await check.query("SELECT n FROM written ORDER BY n")).rows).toEqual([{ n: 1 }, { n: 2 }]);
    },
  );

  it.runIf(available)(
    "parses a named statement once, even when its second use goes out before the first is answered",
    async () => {
      const client = await connect();
      const pipeline = createQueryPipeline(client);
      const named = (n: number) =>
        pipeline.query({ name: "weft_pipeline_test", text: "SELECT $1::int AS n", values: [n] });
      const results = await Promise.all([named(1), named(2), named(3)]);
      expect(results.map((r) => r.rows[0])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      const { rows } = await client.query("SELECT name FROM pg_prepared_statements");
      expect(rows).toEqual([{ name: "weft_pipeline_test" }]);
    },
  );

  it.runIf(available)(
    "fails a query whose values cannot be sent, alone: the ones around it are answered",
    async () => {
      const pipeline = createQueryPipeline(await connect());
      const unsendable = {
        toPostgres() {
          throw new Error("cannot serialize this value");
        },
      };
      const settled = await Promise.allSettled([
        pipeline.query({ name: "weft_pipeline_bind", text: "SELECT $1::text AS v", values: ["a"] }),
        pipeline.query({ name: "weft_pipeline_bind", text: "SELECT $1::text AS v", values: [unsendable] }),
        pipeline.query({ name: "weft_pipeline_bind", text: "SELECT $1::text AS v", values: ["c"] }),
      ]);
      expect(
        settled.map((s) => (s.status === "fulfilled" ? s.value.rows : String(s.reason.message))),
      ).toEqual([[{ v: "a" }], "cannot serialize this value", [{ v: "c" }]]);
      expect((await pipeline.query({ text: "SELECT 4 AS n" })).rows).toEqual([{ n: 4 }]);
    },
  );

  it.runIf(available)("hands the client back after a query pg refuses before sending anything", async () => {
    const client = await connect();
    const pipeline = createQueryPipeline(client);
    await expect(pipeline.query({ text: "SELECT 1", values: "not an array" as never })).rejects.toThrow(
      "Query values must be an array",
    );
    expect((await client.query("SELECT 2 AS n")).rows).toEqual([{ n: 2 }]);
    expect((await pipeline.query({ text: "SELECT 3 AS n" })).rows).toEqual([{ n: 3 }]);
  });

  it.runIf(available)(
    "fails every unanswered query when the connection dies, and refuses new ones",
    async () => {
      const client = await connect();
      const pipeline = createQueryPipeline(client);
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      // Observed from the start: they fail while the test still waits for the admin query.
      const answers = Promise.allSettled([
        pipeline.query({ text: "SELECT pg_sleep(5)" }),
        pipeline.query({ text: "SELECT 1" }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const admin = await connect();
      await admin.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);
      const settled = await answers;
      expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
      await expect(pipeline.query({ text: "SELECT 1" })).rejects.toThrow();
    },
  );

  it.runIf(available)(
    "gives up on the whole pipeline when a query is not answered in its query_timeout",
    async () => {
      const pipeline = createQueryPipeline(await connect());
      const answers = [
        pipeline.query({ text: "SELECT pg_sleep(2)", query_timeout: 100 }),
        pipeline.query({ text: "SELECT 1" }),
      ];
      const settled = await Promise.allSettled(answers);
      expect(settled.map((s) => (s.status === "rejected" ? String(s.reason.message) : "fulfilled"))).toEqual([
        "query pipeline: no answer within 100 ms",
        "query pipeline: no answer within 100 ms",
      ]);
      await expect(pipeline.query({ text: "SELECT 1" })).rejects.toThrow("no answer within 100 ms");
    },
  );
});
