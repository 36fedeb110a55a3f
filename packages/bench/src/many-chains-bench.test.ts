import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { rssBytes, treeRssBytes } from "./process-rss.js";

/** The built script (`pnpm test` builds first), as bench:many-chains runs it. */
const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/many-chains-bench.js");

const run = (args: string[]) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) =>
    execFile(process.execPath, [SCRIPT, ...args], { timeout: 30_000 }, (err, _stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stderr }),
    ),
  );

describe("many-chains-bench", () => {
  it("refuses sizes it cannot run, naming each, before starting anything (exit 2)", async () => {
    const r = await run([
      ...["--chains", "1,0", "--blocks", "5", "--response-cache", "maybe"],
      ...["--deployment-cpus", "first", "--nodes-cpus", "1-3"],
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "invalid --chains 1,0, --blocks 5, --response-cache maybe, --deployment-cpus first\n",
    );
    expect(r.stderr).toContain("usage: many-chains-bench");
  }, 30_000);

  it("counts a process's children in its memory, and nothing for a process gone", async () => {
    // A child holding 64 MB more than a bare node: its parent's tree grows by at least that.
    const child = spawn(process.execPath, [
      "-e",
      "globalThis.b = Buffer.alloc(64 * 2 ** 20, 1); process.stdout.write('ready'); setInterval(() => {}, 1000)",
    ]);
    try {
      await new Promise((r) => child.stdout.once("data", r));
      const [tree] = treeRssBytes([process.pid]);
      expect(rssBytes(child.pid ?? 0)).toBeGreaterThan(64 * 2 ** 20);
      expect(tree).toBeGreaterThan(rssBytes(process.pid) + 64 * 2 ** 20);
    } finally {
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
    }
    expect(rssBytes(child.pid ?? 0)).toBe(0);
  }, 30_000);
});
