/**
 * Read replicas end to end (DATABASE_READ_URLS, db/read-replicas.ts): a Postgres primary and a
 * streaming replica of it (pg_basebackup -R), both started here from the PostgreSQL server binaries,
 * `weft ingest` writing a growing chain into the primary, and `weft serve` with two HTTP workers
 * reading from the replica. It shows that (1) the API's reads are served by the replica, (2) when the
 * replica stops, reads fall back to the primary without one answer other than 200, and (3) when the
 * replica stops replaying (pg_wal_replay_pause) while ingestion goes on, it is skipped once behind
 * by more than DATABASE_READ_MAX_LAG_BLOCKS, /ready says so, and `/status` never reports a height
 * whose block the API then answers 404 for, and (4) when the replica goes silent (a partition, played
 * by a fault proxy between the servers and the replica), reads wait at most the query timeout and are
 * answered by the primary.
 *
 * The chain comes from a payload node (the protocols ingestion reads, blocks produced by raising its
 * head), lighter than the devnet on a small machine and just as real for the database. Skipped only
 * where the PostgreSQL server binaries are absent (CI installs them: .ci/postgres.sh).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { startFaultProxy } from "@weft/testkit/fault-proxy";
import { createPostgresPair, postgresBin } from "@weft/testkit/postgres-pair";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startPayloadNode } from "../_test/payload-node.js";
import { CLI_PATH, runWeft, startWeft } from "../_test/spawn-weft.js";
import { SYNTHETIC_CHAIN_ID, syntheticPayload } from "../_test/synthetic-chain.js";

const BIN = postgresBin();
const MAX_LAG_BLOCKS = 5;
/** The servers' DATABASE_QUERY_TIMEOUT_MS: the longest a read waits on a silent replica. */
const QUERY_TIMEOUT_MS = 2_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ReadyBody {
  replicas?: { replica: string; state: string; lag_blocks?: number; reason?: string }[];
}

describe.skipIf(BIN === undefined)("read replicas (a real primary and streaming replica)", () => {
  it("reads from the replica, falls back to the primary when it stops or lags, and /status stays queryable", async () => {
    const pair = await createPostgresPair(BIN as string);
    const { primary, replica } = pair;
    // The servers reach the replica through this proxy (phase 4 makes it a black hole).
    const proxy = await startFaultProxy({ target: { host: "127.0.0.1", port: replica.port } });
    const replicaName = `127.0.0.1:${proxy.port}`;
    const node = await startPayloadNode({
      payload: (h) => syntheticPayload(h, { blocks: 1_000_000 }),
      head: 20,
      chainId: SYNTHETIC_CHAIN_ID,
    });
    // A block every 400 ms: ingestion (which polls the node every second) keeps writing.
    const producing = setInterval(() => {
      node.head++;
    }, 400);
    const children: ChildProcess[] = [];
    const clients: pg.Client[] = [];
    try {
      pair.startPrimary();
      pair.startReplica();

      expect((await runWeft(["migrate"], { DATABASE_URL: primary.url, LOG_LEVEL: "warn" })).code).toBe(0);
      const ingest = spawn(process.execPath, [CLI_PATH, "ingest", "--rpc-url", node.url], {
        env: { ...process.env, DATABASE_URL: primary.url, LOG_LEVEL: "warn" },
        stdio: "ignore",
      });
      children.push(ingest);
      // Two servers: two HTTP workers with the response cache, and one without (every read reaches
      // the database). A client asks one for /status and the other for the block: the height one
      // process reports must be queryable on any other.
      const env = {
        DATABASE_URL: primary.url,
        DATABASE_READ_URLS: `postgres://postgres@${replicaName}/postgres`,
        DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
        DATABASE_READ_MAX_LAG_BLOCKS: String(MAX_LAG_BLOCKS),
        LOG_LEVEL: "warn",
      };
      const servers: string[] = [];
      for (const extra of [{ WORKERS: "2" }, { WORKERS: "1", RESPONSE_CACHE: "off" }]) {
        const api = await startWeft(["serve", "--port", "0"], { ...env, ...extra });
        children.push(api.child);
        servers.push(api.url);
      }
      let turn = 0;
      /** Each call asks the next server. */
      const get = (p: string) => fetch(`${servers[turn++ % servers.length]}${p}`);
      const replicaState = async () => {
        const res = await get("/ready");
        expect(res.status).toBe(200);
        return ((await res.json()) as ReadyBody).replicas?.find((r) => r.replica === replicaName);
      };
      /** Until every process (asked several times) reports the replica in `state`; how long it took. */
      const waitForState = async (state: string, timeoutMs: number) => {
        const since = Date.now();
        while (Date.now() - since < timeoutMs) {
          const seen = await Promise.all(Array.from({ length: 8 }, () => replicaState()));
          if (seen.every((r) => r?.state === state)) return { ms: Date.now() - since, replica: seen[0] };
          await sleep(100);
        }
        throw new Error(
          `the replica was not ${state} within ${timeoutMs} ms: ${JSON.stringify(await replicaState())}`,
        );
      };
      /** `/status`, then the block at the height it reported, then a page, until `until` says stop. */
      const statuses = new Map<number, number>();
      const notQueryable: string[] = [];
      const count = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
      /** The longest request of the loops since the last reset (ms), and of those started after `since`. */
      let slowest = 0;
      let since = Number.POSITIVE_INFINITY;
      let slowestSince = 0;
      const timed = async (p: string) => {
        const t0 = Date.now();
        const res = await get(p);
        const body = await res.text();
        slowest = Math.max(slowest, Date.now() - t0);
        if (t0 >= since) slowestSince = Math.max(slowestSince, Date.now() - t0);
        count(res.status);
        return { status: res.status, body };
      };
      const readLoop = async (until: () => boolean) => {
        while (!until()) {
          const status = await timed("/status");
          if (status.status !== 200) continue;
          const { height } = JSON.parse(status.body) as { height: number };
          const block = await timed(`/indexer/block/v1/blocks/${height}`);
          if (block.status !== 200) notQueryable.push(`${height}: ${block.status} ${block.body}`);
          await timed("/indexer/tx/v1/txs?pagination.limit=5");
        }
      };
      /** Reads that went to `pool`, over both servers. */
      const readsOf = async (pool: string) => {
        let sum = 0;
        for (const url of servers) {
          const text = await (await fetch(`${url}/metrics`)).text();
          const line = text.split("\n").find((l) => l.startsWith(`weft_db_reads_total{pool="${pool}"}`));
          sum += Number(line?.split(" ")[1] ?? 0);
        }
        return sum;
      };

      // (1) Reads are served by the replica: its connections, and the reads counted per pool.
      const inUse = await waitForState("in_use", 30_000);
      const stop1 = Date.now() + 3_000;
      await readLoop(() => Date.now() > stop1);
      const replicaReads = await readsOf(replicaName);
      const primaryReads = await readsOf("primary");
      expect(replicaReads).toBeGreaterThan(20);
      expect(replicaReads).toBeGreaterThan(primaryReads * 5);
      const onReplica = new pg.Client({ connectionString: replica.url });
      onReplica.on("error", () => undefined);
      await onReplica.connect();
      clients.push(onReplica);
      const { rows } = await onReplica.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'weft-replica-reads'",
      );
      expect(Number(rows[0]?.n)).toBeGreaterThan(0);
      await onReplica.end();
      clients.pop();
      console.info(
        `replicas: in use after ${inUse.ms} ms (lag ${inUse.replica?.lag_blocks} blocks); reads replica=${replicaReads} primary=${primaryReads}; replica connections=${rows[0]?.n}`,
      );

      // (2) The replica stops: every answer is still a 200, reads go to the primary.
      statuses.clear();
      const primaryBefore = await readsOf("primary");
      let stopping = true;
      const loops = [readLoop(() => !stopping), readLoop(() => !stopping)];
      await sleep(500);
      const stoppedAt = Date.now();
      replica.stop();
      const stopMs = Date.now() - stoppedAt;
      const fallback = await waitForState("unreachable", 15_000);
      await sleep(2_000);
      stopping = false;
      await Promise.all(loops);
      const during = Object.fromEntries(statuses);
      expect(Object.keys(during)).toEqual(["200"]);
      expect(await readsOf("primary")).toBeGreaterThan(primaryBefore);
      console.info(
        `replicas: stopped (pg_ctl took ${stopMs} ms), skipped after ${fallback.ms} ms more: "${fallback.replica?.reason}"; answers during: ${JSON.stringify(during)}`,
      );
      replica.start();
      const back = await waitForState("in_use", 30_000);
      console.info(`replicas: started again, in use after ${back.ms} ms`);

      // (3) Replay paused while ingestion goes on: skipped once too far behind, /status stays queryable.
      statuses.clear();
      const control = new pg.Client({ connectionString: replica.url });
      control.on("error", () => undefined);
      await control.connect();
      clients.push(control);
      await control.query("SELECT pg_wal_replay_pause()");
      const pausedAt = Date.now();
      let lagging = true;
      // While the single-process server has the replica in use (its /ready says so before and after),
      // the height its /status reports is one the paused replica has replayed.
      const single = servers[1] as string;
      const stateOn = async () =>
        ((await (await fetch(`${single}/ready`)).json()) as ReadyBody).replicas?.[0]?.state;
      const bound = { checks: 0, above: [] as string[] };
      const boundLoop = async () => {
        while (lagging) {
          const before = await stateOn();
          const { height } = (await (await fetch(`${single}/status`)).json()) as { height: number };
          const { rows } = await control.query<{ height: string }>("SELECT height FROM ingest_checkpoint");
          const replayed = Number(rows[0]?.height);
          if (before !== "in_use" || (await stateOn()) !== "in_use") continue;
          bound.checks++;
          if (height > replayed) bound.above.push(`/status ${height} > replayed ${replayed}`);
        }
      };
      const lagLoops = [readLoop(() => !lagging), readLoop(() => !lagging), boundLoop()];
      const skipped = await waitForState("lagging", 30_000);
      const skippedMs = Date.now() - pausedAt;
      expect(skipped.replica?.lag_blocks).toBeGreaterThan(MAX_LAG_BLOCKS);
      expect(skipped.replica?.reason).toContain(`more than DATABASE_READ_MAX_LAG_BLOCKS=${MAX_LAG_BLOCKS}`);
      const metrics = await (await fetch(`${servers[0]}/metrics`)).text();
      expect(metrics).toMatch(new RegExp(`weft_db_replica_in_use\\{replica="${replicaName}"\\} 0`));
      const lagLine = metrics
        .split("\n")
        .find((l) => l.startsWith(`weft_db_replica_lag_blocks{replica="${replicaName}"}`));
      expect(Number(lagLine?.split(" ")[1])).toBeGreaterThan(MAX_LAG_BLOCKS);
      await sleep(2_000);
      lagging = false;
      await Promise.all(lagLoops);
      const duringLag = Object.fromEntries(statuses);
      expect(notQueryable).toEqual([]);
      expect(Object.keys(duringLag)).toEqual(["200"]);
      expect(bound.above).toEqual([]);
      expect(bound.checks).toBeGreaterThan(0);
      console.info(
        `replicas: replay paused, skipped after ${skippedMs} ms: "${skipped.replica?.reason}"; answers during: ${JSON.stringify(duringLag)}; /status checked against the replayed height ${bound.checks} times`,
      );
      await control.query("SELECT pg_wal_replay_resume()");
      const caughtUp = await waitForState("in_use", 30_000);
      console.info(`replicas: replay resumed, in use again after ${caughtUp.ms} ms`);

      // (4) The replica goes silent: reads in flight wait at most the query timeout, then the primary
      // answers them; the poll finds it unreachable and no read waits on it any more.
      statuses.clear();
      slowest = 0;
      let silent = true;
      const silentLoops = [readLoop(() => !silent), readLoop(() => !silent)];
      await sleep(300);
      await proxy.setMode("blackhole");
      const partitioned = await waitForState("unreachable", 15_000);
      // Every process has skipped it: requests starting now do not wait on it.
      since = Date.now();
      await sleep(2_000);
      silent = false;
      await Promise.all(silentLoops);
      const duringSilence = Object.fromEntries(statuses);
      expect(Object.keys(duringSilence)).toEqual(["200"]);
      expect(slowest).toBeLessThan(QUERY_TIMEOUT_MS + 2_000);
      expect(slowestSince).toBeLessThan(1_000);
      console.info(
        `replicas: black hole, skipped after ${partitioned.ms} ms: "${partitioned.replica?.reason}"; slowest answer ${slowest} ms, ${slowestSince} ms of those started after the skip; answers during: ${JSON.stringify(duringSilence)}`,
      );
      await proxy.setMode("pass");
      proxy.cut();
      const healed = await waitForState("in_use", 30_000);
      console.info(`replicas: partition healed, in use again after ${healed.ms} ms`);
      expect(notQueryable).toEqual([]);
    } finally {
      clearInterval(producing);
      for (const c of clients) await c.end().catch(() => undefined);
      for (const child of children.reverse()) {
        if (child.exitCode !== null) continue;
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await proxy.close();
      await node.close();
      pair.destroy();
    }
  }, 240_000);
});
