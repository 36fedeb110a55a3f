/**
 * An operator installs the server alone: `pnpm deploy --prod` of @weft/server into an empty directory
 * outside the repository (what its package.json `files` and production dependencies hold, nothing
 * else), then runs `weft migrate` and `weft serve` from there against a fresh database.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWeft, startWeft } from "./_test/spawn-weft.js";
import { createScratchDatabase, realPostgresAvailable } from "./_test/test-database.js";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const PNPM = (JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as { packageManager: string })
  .packageManager;

describe("@weft/server deployed alone, outside the repository", () => {
  const work = mkdtempSync(path.join(tmpdir(), "weft-deploy-"));
  const target = path.join(work, "weft");
  const cli = path.join(target, "bin/weft.js");
  let database: { env: Record<string, string | undefined>; drop(): Promise<void> };
  let deployOutput = "";

  beforeAll(async () => {
    // --legacy: pnpm 10 deploys injected workspaces only otherwise; ours links them.
    const deploy = spawnSync(
      "npx",
      ["-y", PNPM, "--filter", "@weft/server", "deploy", "--legacy", "--prod", target],
      { cwd: REPO, encoding: "utf8", timeout: 240_000 },
    );
    if (deploy.status !== 0) throw new Error(`pnpm deploy failed:\n${deploy.stdout}\n${deploy.stderr}`);
    deployOutput = `${deploy.stdout}${deploy.stderr}`;
    if (await realPostgresAvailable()) {
      const scratch = await createScratchDatabase();
      database = { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
    } else {
      database = {
        env: { DATABASE_URL: undefined, WEFT_DATA_DIR: path.join(work, "data") },
        drop: async () => undefined,
      };
    }
  }, 300_000);

  afterAll(async () => {
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it("deploys without a peer dependency warning", () => {
    // A workspace package's `catalog:` peer stays the literal "catalog:" in a legacy deploy (pnpm
    // resolves catalogs for workspace importers only), so it was reported unmet against the very
    // version the catalog names: "unmet peer vitest@catalog:: found 4.0.8" (@weft/testkit).
    expect(deployOutput).toContain("Progress: resolved");
    expect(deployOutput).not.toMatch(/unmet peer|Issues with peer dependencies/);
  });

  it("holds the service, its migrations and production dependencies only", () => {
    for (const shipped of ["bin/weft.js", "dist/cli.js", "migrations", "registries", "node_modules/pg"]) {
      expect(existsSync(path.join(target, shipped)), shipped).toBe(true);
    }
    // Development-only: the local chains, the Prisma CLI and its engines. The benchmarks left the
    // package (@weft/bench); the build empties dist/ first, so a stale dist/bench cannot ship either.
    for (const left of [
      "dist/bench",
      "node_modules/@weft/devnet",
      "node_modules/prisma",
      "node_modules/@prisma",
    ]) {
      expect(existsSync(path.join(target, left)), left).toBe(false);
    }
  });

  it("migrates a fresh database with `weft migrate`, then serves it with `weft serve`", async () => {
    const migrate = await runWeft(["migrate"], { ...database.env, LOG_LEVEL: "warn" }, { cli, cwd: work });
    expect(migrate.stderr).toMatch(/^weft: \d+ migration\(s\) applied, 0 pending\n$/);
    expect(migrate.code).toBe(0);

    const weft = await startWeft(
      ["serve", "--port", "0"],
      { ...database.env, LOG_LEVEL: "warn" },
      { cli, cwd: work },
    );
    try {
      expect(await (await fetch(`${weft.url}/ready`)).json()).toMatchObject({
        status: "ready",
        migrations: { pending: 0 },
      });
      const blocks = await fetch(`${weft.url}/indexer/block/v1/blocks`);
      expect(blocks.status).toBe(200);
      expect(await blocks.json()).toMatchObject({ blocks: [] });
      const doc = (await (await fetch(`${weft.url}/swagger/doc.json`)).json()) as { openapi: string };
      expect(doc.openapi).toMatch(/^3\./);
      expect((await fetch(`${weft.url}/docs`)).status).toBe(200);
    } finally {
      weft.child.kill("SIGTERM");
    }
    expect(await weft.exited).toBe(0);
  }, 120_000);

  it("`weft dev` there says it needs the repository instead of crashing", async () => {
    const dev = await runWeft(["dev"], { ...database.env, PORT: "0" }, { cli, cwd: work });
    expect(dev.code).toBe(2);
    expect(dev.stderr).toBe(
      "weft: `weft dev` needs the local devnet (@weft/devnet), which a production install leaves out; " +
        "run it from the repository (`npx pnpm@10 start`), or use `weft serve` and `weft ingest` here\n",
    );
  }, 60_000);
});
