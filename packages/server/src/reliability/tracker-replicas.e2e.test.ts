/**
 * The transfer tracker across replicas: three `weft serve` processes on one real Postgres track 200
 * real MsgTransfers broadcast on the local interchain, and one of them is SIGKILLed mid-way while it
 * holds leases. Every transfer must reach a terminal state exactly once: none lost (the dead
 * replica's leases run out and a survivor takes those rows over) and none finished twice.
 *
 * "Twice" cannot be read off router_transfer alone (a row holds its last state), so the test adds an
 * audit trigger to its own database that records every claim and every write to a finished row: a
 * tracker saving a row it no longer leases, or claiming a done row, would show there. The survivors'
 * weft_tracker_* counters are then checked against that record, so they count what really happened.
 *
 * The victim tracks the first transfers alone (so its first claim names its lease owner, and it
 * finishes some), reads the chains through slow proxies (so it holds leases most of the time), and is
 * killed once 60 transfers are done while it holds some. The lease is the tracker's default (30 s, no
 * setting changes it): the takeover comes that long after the dead replica's last claim. Each
 * replica is one process (WORKERS=1) to spare a small machine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DevnetTransfers, startDevnetTransfers, trackTransfer } from "@weft/testkit/devnet-transfers";
import { openFileDatabase } from "@weft/testkit/use-scratch-database";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { writeDevnetRegistry } from "../_test/devnet-registry.js";
import { CLI_PATH, startWeft, type WeftProcess } from "../_test/spawn-weft.js";
import { realPostgresAvailable } from "../_test/test-database.js";
import { TERMINAL_STATES } from "../router/tracking/status-json.js";

const TRANSFERS = 200;
/** The victim dies once this many transfers are done (some by itself), while it holds leases. */
const KILL_AFTER_DONE = 60;
const KILL_AFTER_VICTIM_FINISHED = 5;
/** Broadcast and tracked while the victim is the only replica, before the survivors start. */
const VICTIM_ALONE_TRANSFERS = 30;
const BLOCK_MS = 500;
/**
 * The victim reads the chains through proxies answering this much later: a replica on a slow node.
 * Its checks then take long enough that it holds leases (up to a claim of 50) most of the time, so
 * the SIGKILL lands on leases rather than between passes.
 */
const VICTIM_NODE_DELAY_MS = 150;
const available = await realPostgresAvailable();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every claim and every write to a finished row, with who made it and when (Postgres's clock). */
const AUDIT_SQL = `
  CREATE TABLE tracker_audit (
    seq bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), transfer_id bigint NOT NULL,
    kind text NOT NULL, old_owner text, new_owner text, old_until timestamptz, new_state text);
  CREATE FUNCTION tracker_audit() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.done THEN
      INSERT INTO tracker_audit (transfer_id, kind, old_owner, new_owner, new_state)
        VALUES (NEW.id, 'write-after-done', OLD.claimed_by, NEW.claimed_by, NEW.state);
    ELSIF NEW.done THEN
      INSERT INTO tracker_audit (transfer_id, kind, old_owner, new_state)
        VALUES (NEW.id, 'finish', OLD.claimed_by, NEW.state);
    ELSIF NEW.claimed_by IS NOT NULL AND NEW.claimed_until IS DISTINCT FROM OLD.claimed_until THEN
      INSERT INTO tracker_audit (transfer_id, kind, old_owner, new_owner, old_until)
        VALUES (NEW.id, 'claim', OLD.claimed_by, NEW.claimed_by, OLD.claimed_until);
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER tracker_audit AFTER UPDATE ON router_transfer FOR EACH ROW EXECUTE FUNCTION tracker_audit();`;

/** One unlabelled sample of a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels = ""): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

interface TrackerCounts {
  finished: number;
  leaseExpiries: number;
}

async function trackerCounts(weft: WeftProcess): Promise<TrackerCounts> {
  const text = await (await fetch(`${weft.url}/metrics`)).text();
  const failed = ["STATE_COMPLETED_ERROR", "STATE_ABANDONED"].reduce(
    (n, state) => n + sample(text, "weft_tracker_failed_total", `{state="${state}"}`),
    0,
  );
  return {
    finished: sample(text, "weft_tracker_completed_total") + failed,
    leaseExpiries: sample(text, "weft_tracker_lease_expiries_total"),
  };
}

/** An HTTP proxy to `target` that forwards each request `delayMs` late. */
async function startDelayProxy(target: string, delayMs: number): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    setTimeout(() => {
      const upstream = request(
        new URL(req.url ?? "/", target),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function until<T>(
  what: () => string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await sleep(20);
  }
}

describe.skipIf(!available)("tracker replicas (three `weft serve`, one killed)", () => {
  it("takes over a killed replica's leases and finishes every transfer exactly once", async () => {
    // A migrated clone of the run's template database, on the real Postgres the replicas share.
    const database = await openFileDatabase("postgres");
    const url = database.url as string;
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const work = mkdtempSync(path.join(tmpdir(), "weft-tracker-replicas-"));
    let devnet: DevnetTransfers | undefined;
    const proxies: { close(): void }[] = [];
    const wefts: WeftProcess[] = [];
    const t0 = performance.now();
    const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
    try {
      await pool.query(AUDIT_SQL);
      devnet = await startDevnetTransfers(work, BLOCK_MS, writeDevnetRegistry);
      const { registryFile } = devnet;
      const env = {
        DATABASE_URL: url,
        PORT: "0",
        WORKERS: "1",
        LOG_LEVEL: "warn",
      };
      const serve = (registry = registryFile) =>
        startWeft(["serve"], { ...env, ROUTER_REGISTRY: registry }, { cli: CLI_PATH });
      const slowUrls: Record<string, string> = {};
      for (const [chainId, chainUrl] of Object.entries(devnet.urls)) {
        const proxy = await startDelayProxy(chainUrl, VICTIM_NODE_DELAY_MS);
        proxies.push(proxy);
        slowUrls[chainId] = proxy.url;
      }
      const slowRegistry = path.join(work, "slow-registry.json");
      writeDevnetRegistry(slowRegistry, slowUrls);

      // The victim starts alone and tracks the first transfers alone: the first claim is its own,
      // which names its lease owner, and it finishes some before the others start.
      const victim = await serve(slowRegistry);
      wefts.push(victim);
      const hashes: string[] = [];
      for (let i = 0; i < VICTIM_ALONE_TRANSFERS; i++) {
        hashes.push(await devnet.broadcast(i));
        await trackTransfer(victim.url, hashes[i] ?? "");
      }
      const victimOwner = await until(
        () => "the victim's first claim",
        30_000,
        async () => {
          const { rows } = await pool.query<{ owner: string }>(
            "SELECT new_owner AS owner FROM tracker_audit WHERE kind = 'claim' ORDER BY seq LIMIT 1",
          );
          return rows[0]?.owner;
        },
      );
      let mine = 0;
      await until(
        () => `the victim to finish ${KILL_AFTER_VICTIM_FINISHED} (it finished ${mine})`,
        60_000,
        async () => {
          const { rows } = await pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM tracker_audit WHERE kind = 'finish' AND old_owner = $1",
            [victimOwner],
          );
          mine = rows[0]?.n ?? 0;
          return mine >= KILL_AFTER_VICTIM_FINISHED ? true : undefined;
        },
      );
      const survivors = [await serve(), await serve()];
      wefts.push(...survivors);
      // Mid-way, and only while the victim holds live leases: then SIGKILL, before it can save them.
      // Watched while the broadcasts go on, so the kill falls with transfers still to come.
      let victimLastScrape: TrackerCounts = { finished: 0, leaseExpiries: 0 };
      let seen = { done: 0, held: 0 };
      const killing = until(
        () => `${KILL_AFTER_DONE} done while the victim holds leases (last: ${JSON.stringify(seen)})`,
        90_000,
        async () => {
          victimLastScrape = await trackerCounts(victim);
          const { rows } = await pool.query<{ done: number; held: number }>(
            `SELECT count(*) FILTER (WHERE done)::int AS done,
                    count(*) FILTER (WHERE claimed_by = $1 AND claimed_until > now())::int AS held
               FROM router_transfer`,
            [victimOwner],
          );
          seen = rows[0] ?? seen;
          if (seen.done < KILL_AFTER_DONE || seen.held === 0) return undefined;
          victim.child.kill("SIGKILL");
          return { done: seen.done, at: elapsed() };
        },
      );
      // Awaited after the broadcasts; a timeout meanwhile must not be an unhandled rejection.
      killing.catch(() => undefined);
      for (let i = VICTIM_ALONE_TRANSFERS; i < TRANSFERS; i++) {
        const hash = await devnet.broadcast(i);
        // Inserted through the survivors (a request in flight to the victim would die with it);
        // which replica tracks a transfer is the leases' business.
        await trackTransfer(survivors[i % 2]?.url ?? "", hash);
        hashes.push(hash);
      }
      const broadcastAt = elapsed();
      const killed = await killing;
      expect(await victim.exited).toBe("SIGKILL");
      // A save the victim sent just before dying may still commit: Postgres notices a closed client
      // only when it answers. A moment later its leases are exactly what nobody saved.
      await sleep(1_000);
      // What the dead victim still leases: nobody may touch these rows before their lease runs out.
      const { rows: held } = await pool.query<{ id: string }>(
        "SELECT id::text FROM router_transfer WHERE claimed_by = $1",
        [victimOwner],
      );
      expect(held.length).toBeGreaterThan(0);

      let left = TRANSFERS;
      await until(
        () => `every transfer done (${left} left)`,
        90_000,
        async () => {
          const { rows } = await pool.query<{ left: number }>(
            "SELECT count(*)::int AS left FROM router_transfer WHERE NOT done",
          );
          left = rows[0]?.left ?? left;
          return left === 0 ? true : undefined;
        },
      );
      const finishedAt = elapsed();

      // Every transfer is in the database once, in a terminal state (these succeed on the devnet).
      const { rows: states } = await pool.query<{ state: string; n: number }>(
        "SELECT state, count(*)::int AS n FROM router_transfer GROUP BY state",
      );
      expect(states.every((s) => TERMINAL_STATES.has(s.state))).toBe(true);
      expect(Object.fromEntries(states.map((s) => [s.state, s.n]))).toEqual({
        STATE_COMPLETED_SUCCESS: TRANSFERS,
      });
      const { rows: tracked } = await pool.query<{ tx_hash: string }>("SELECT tx_hash FROM router_transfer");
      expect(tracked.map((r) => r.tx_hash).sort()).toEqual([...hashes].sort());

      // Finished exactly once: one finishing save per row, and nothing written to a row once done.
      const { rows: finishes } = await pool.query<{ id: string; n: number; owner: string }>(
        `SELECT transfer_id::text AS id, count(*)::int AS n, min(old_owner) AS owner
           FROM tracker_audit WHERE kind = 'finish' GROUP BY transfer_id`,
      );
      expect(finishes.length).toBe(TRANSFERS);
      expect(finishes.filter((f) => f.n !== 1)).toEqual([]);
      const { rows: afterDone } = await pool.query(
        "SELECT * FROM tracker_audit WHERE kind = 'write-after-done'",
      );
      expect(afterDone).toEqual([]);

      // The dead replica's rows were taken over by the survivors, each only once its lease had run out.
      const { rows: takeovers } = await pool.query<{ id: string; owner: string; early: boolean }>(
        `SELECT transfer_id::text AS id, new_owner AS owner, at < old_until AS early
           FROM tracker_audit WHERE kind = 'claim' AND old_until IS NOT NULL`,
      );
      expect(takeovers.filter((t) => t.early)).toEqual([]);
      expect(takeovers.filter((t) => t.owner === victimOwner)).toEqual([]);
      const takenOver = new Set(takeovers.map((t) => t.id));
      expect(held.filter((h) => !takenOver.has(h.id))).toEqual([]);

      // The survivors' counters say the same: their finishes and their takeovers, no more, no less.
      const survivorCounts = await Promise.all(survivors.map(trackerCounts));
      const sum = (key: keyof TrackerCounts) => survivorCounts.reduce((n, c) => n + c[key], 0);
      const byVictim = finishes.filter((f) => f.owner === victimOwner).length;
      expect(byVictim).toBeGreaterThanOrEqual(KILL_AFTER_VICTIM_FINISHED);
      expect(sum("finished")).toBe(TRANSFERS - byVictim);
      expect(sum("leaseExpiries")).toBe(takeovers.length);
      // The victim's last scrape came before its last saves, never after.
      expect(victimLastScrape.finished).toBeLessThanOrEqual(byVictim);

      console.log(
        `tracker replicas: ${TRANSFERS} transfers broadcast and tracked by ${broadcastAt}; victim killed at ` +
          `${killed.at} (${killed.done} done, holding ${held.length} leases); all done at ${finishedAt}; ` +
          `finished by the victim ${byVictim}, by the survivors ${survivorCounts.map((c) => c.finished).join(" + ")}; ` +
          `lease expiries ${survivorCounts.map((c) => c.leaseExpiries).join(" + ")} (${takeovers.length} takeovers in the database); ` +
          `states ${states.map((s) => `${s.state} ${s.n}`).join(", ")}`,
      );
    } finally {
      await Promise.all(
        wefts.map((w) => (w.child.exitCode === null && !w.child.killed ? w.stop() : undefined)),
      );
      for (const proxy of proxies) proxy.close();
      devnet?.child.kill("SIGTERM");
      await pool.end();
      await database.dispose();
      rmSync(work, { recursive: true, force: true });
    }
  }, 150_000);
});
