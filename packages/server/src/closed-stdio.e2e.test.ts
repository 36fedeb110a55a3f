/**
 * `weft serve` whose stdout and stderr readers are gone before it prints anything (`weft serve 2>&1 |
 * true`, a log shipper that died): it must serve and stop as usual. It once died at its first line
 * (an uncaught EPIPE) and then hung on exit, its port held, flushing the logs into the closed pipe.
 */
import { spawn } from "node:child_process";
import { freePort } from "@weft/testkit/postgres-pair";
import { describe, expect, it } from "vitest";
import { CLI_PATH } from "./_test/spawn-weft.js";
import { createScratchDatabase, realPostgresAvailable } from "./_test/test-database.js";

async function untilHealthy(url: string, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  let gone: unknown;
  void exited.then((code) => {
    gone = code;
  });
  for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
    if (gone !== undefined) throw new Error(`weft exited (${String(gone)}) instead of serving`);
    const status = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) })
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`weft did not answer /health within ${timeoutMs} ms`);
}

describe("weft serve with nobody reading its output", () => {
  it("serves, logs into the void and stops on SIGTERM with exit 0 when stdout and stderr are closed pipes", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const scratch = await createScratchDatabase();
    // The child cannot tell us its port: nobody reads what it prints.
    const port = await freePort();
    const child = spawn(process.execPath, [CLI_PATH, "serve", "--port", String(port)], {
      env: { ...process.env, DATABASE_URL: scratch.url, LOG_LEVEL: "info", WORKERS: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The reading ends close before the child writes its first byte.
    child.stdout.destroy();
    child.stderr.destroy();
    const exited = new Promise<number | string>((resolve) =>
      child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
    );
    try {
      const url = `http://127.0.0.1:${port}`;
      await untilHealthy(url, exited, 30_000);
      // Each answer is an access-log line written to the closed pipe.
      const statuses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          fetch(`${url}/indexer/block/v1/blocks?pagination.limit=${(i % 5) + 1}`).then((r) => r.status),
        ),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
      // Only /metrics can tell that the logs go nowhere: the workers that logged say so, and count
      // the lines they could not write (the gathering holds a line up to 10 ms before its write).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(Number(/^weft_log_stopped (\d+)/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
      expect(Number(/^weft_log_lines_dropped_total (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);
      child.kill("SIGTERM");
      const code = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(() => resolve("still running 15 s after SIGTERM"), 15_000)),
      ]);
      expect(code).toBe(0);
    } finally {
      child.kill("SIGKILL");
      await scratch.drop();
    }
  }, 90_000);
});
