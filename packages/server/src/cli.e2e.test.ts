import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createChain, startDevnetNode } from "@weft/devnet";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_PATH, runWeft, startWeft } from "./_test/spawn-weft.js";
import { createScratchDatabase, realPostgresAvailable } from "./_test/test-database.js";

const dataDirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "weft-cli-"));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("weft CLI", () => {
  it("prints readable help", async () => {
    const { code, stdout } = await runWeft(["--help"], {});
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: weft [options] [command]");
    expect(stdout).toMatch(/serve\s+\S.*migrations/);
    expect(stdout).toMatch(/migrate\s+\S/);
    const serveHelp = await runWeft(["serve", "--help"], {});
    expect(serveHelp.stdout).toContain("--port <value>");
    expect(serveHelp.stdout).toContain("[env: PORT]");
  });

  it("prints the version and commit of the build with --version or -v, as /status reports them", async () => {
    const build = JSON.parse(readFileSync(path.join(path.dirname(CLI_PATH), "build-info.json"), "utf8")) as {
      version: string;
      commit_hash: string;
    };
    for (const flag of ["--version", "-v"]) {
      const { code, stdout, stderr } = await runWeft([flag], {});
      expect({ code, stdout, stderr }).toEqual({
        code: 0,
        stdout: `weft ${build.version} (commit ${build.commit_hash})\n`,
        stderr: "",
      });
    }
    const { stdout } = await runWeft(["--help"], {});
    expect(stdout).toMatch(/-v, --version\s+print the version and the commit it was built from/);
  });

  it("exits non-zero with one line naming PORT when PORT is not a number", async () => {
    const { code, stderr } = await runWeft(["serve"], { PORT: "abc", DATABASE_URL: undefined });
    expect(code).toBe(2);
    expect(stderr).toBe('weft: invalid PORT="abc": expected an integer from 0 to 65535\n');
  });

  it("stops `weft serve` at once on a ROUTER_REGISTRY that is not one, naming the valid ones, before any database opens", async () => {
    const dataDir = freshDataDir();
    const named = await runWeft(["serve"], {
      ROUTER_REGISTRY: "nonsense",
      DATABASE_URL: undefined,
      WEFT_DATA_DIR: dataDir,
      PORT: "0",
    });
    expect(named.code).toBe(2);
    expect(named.stderr).toBe(
      'weft: invalid ROUTER_REGISTRY="nonsense": expected devnet, initia-testnet, or the path of a registry JSON file\n',
    );
    // "At once" is judged by what it did, not by a clock a loaded machine stretches (8.5 s seen):
    // the embedded database never started, so its data directory is still empty.
    expect(readdirSync(dataDir)).toEqual([]);

    // A file that is not a registry: stopped before the database too, saying what is wrong with it.
    const file = path.join(freshDataDir(), "registry.json");
    writeFileSync(file, "{}");
    const broken = await runWeft(["serve", "--router-registry", file], {
      DATABASE_URL: undefined,
      WEFT_DATA_DIR: dataDir,
      PORT: "0",
    });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^weft: invalid router registry .*registry\.json:\n/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("a Ctrl-C under pnpm (SIGINT twice at once: the terminal's and the one pnpm forwards) stops `weft serve` with exit 0", async () => {
    const weft = await startWeft(["serve"], {
      PORT: "0",
      DATABASE_URL: undefined,
      WEFT_DATA_DIR: freshDataDir(),
      LOG_LEVEL: "warn",
    });
    weft.child.kill("SIGINT");
    // pnpm's comes a moment after the terminal's, once the first is being handled.
    await new Promise((r) => setTimeout(r, 50));
    weft.child.kill("SIGINT");
    expect(await weft.exited).toBe(0);
    expect(weft.stderr()).not.toMatch(/error|warning/i);
  }, 120_000);

  it("a second weft on the embedded database another one holds is refused in one line, the first untouched", async () => {
    const dataDir = freshDataDir();
    const first = await startWeft(["serve"], { PORT: "0", DATABASE_URL: "", WEFT_DATA_DIR: dataDir });
    try {
      const second = await runWeft(["migrate"], { DATABASE_URL: "", WEFT_DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.stderr).toBe(
        `weft: the embedded database in ${dataDir} is in use by another weft process (pid ${first.child.pid}); ` +
          "stop that process, or give this one its own directory with WEFT_DATA_DIR (--data-dir) " +
          "or a real Postgres with DATABASE_URL\n",
      );
      const health = await fetch(`${first.url}/indexer/block/v1/blocks`);
      expect(health.status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // Stopped, it frees the directory: the next process opens it.
    const after = await runWeft(["migrate"], { DATABASE_URL: "", WEFT_DATA_DIR: dataDir });
    expect(after.stderr).toMatch(/^weft: \d+ migration\(s\) applied, 0 pending\n$/);
  }, 120_000);

  it("a Ctrl-C while `weft serve` is still starting (the database opening) is a clean stop, exit 0", async () => {
    const dataDir = freshDataDir();
    const child = spawn(process.execPath, [CLI_PATH, "serve"], {
      env: { ...process.env, PORT: "0", DATABASE_URL: "", WEFT_DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    const exited = new Promise<number | string>((resolve) =>
      child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
    );
    // The embedded database's folder appears as it starts opening: interrupt right then.
    for (let i = 0; i < 300 && !existsSync(path.join(dataDir, "pglite")); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(stderr).not.toContain("serving on");
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/error|warning/i);
  }, 120_000);

  it("`weft ingest` following a head that does not move (a poll a second) warns of no listener leak, and stops on SIGINT", async () => {
    const node = await startDevnetNode({
      chain: createChain({ seed: 1, chainId: "weft-listeners-1", prefix: "init", vm: "move" }),
      initialBlocks: 5,
    });
    try {
      const child = spawn(process.execPath, [CLI_PATH, "ingest"], {
        env: {
          ...process.env,
          RPC_URL: node.url,
          DATABASE_URL: "",
          WEFT_DATA_DIR: freshDataDir(),
          LOG_LEVEL: "info",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => {
        stdout += c.toString();
      });
      child.stderr.on("data", (c: Buffer) => {
        stderr += c.toString();
      });
      const exited = new Promise<number | string>((resolve) =>
        child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
      );
      for (let i = 0; i < 600 && !stdout.includes('"msg":"ingest progress"'); i++)
        await new Promise((r) => setTimeout(r, 100));
      // Five blocks take a moment; then one sleep per poll, against a default limit of 10 listeners.
      await new Promise((r) => setTimeout(r, 13_000));
      child.kill("SIGINT");
      expect(await exited).toBe(0);
      expect(stdout).toMatch(/"checkpoint":5,"msg":"ingest stopped"/);
      expect(stderr).not.toContain("MaxListenersExceededWarning");
      expect(stderr).toBe("");
    } finally {
      await node.close();
    }
  }, 120_000);

  it("serves /health, /ready, /swagger/doc.json, /docs and /metrics on the embedded database, and stops on SIGTERM", async () => {
    const started = Date.now();
    const weft = await startWeft(["serve"], {
      PORT: "0",
      DATABASE_URL: undefined,
      WEFT_DATA_DIR: freshDataDir(),
    });
    expect(Date.now() - started).toBeLessThan(90_000);
    for (const [p, type] of [
      ["/health", "application/json"],
      ["/ready", "application/json"],
      ["/swagger/doc.json", "application/json"],
      ["/docs", "text/html"],
      ["/metrics", "text/plain"],
    ] as const) {
      const res = await fetch(`${weft.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-type"), p).toContain(type);
    }
    const logLine = await weft.stdoutLine('"request completed"');
    expect(JSON.parse(logLine)).toMatchObject({
      service: "weft",
      req: { method: "GET" },
      res: { status: 200 },
    });

    // A request in flight when SIGTERM arrives is still answered.
    const inFlight = fetch(`${weft.url}/ready`).then((r) => r.status);
    const stopAt = Date.now();
    weft.child.kill("SIGTERM");
    expect(await inFlight).toBe(200);
    expect(await weft.exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(5_000);
  }, 120_000);

  it("`weft dev` (the quick start) serves live devnet data on the embedded database", async () => {
    const weft = await startWeft(["dev"], {
      PORT: "0",
      DATABASE_URL: undefined,
      WEFT_DATA_DIR: freshDataDir(),
      LOG_LEVEL: "warn",
    });
    let status: { chain_id?: string; height?: number } = {};
    // Up to 60 s: the devnet, the first blocks and the embedded database start together.
    for (let i = 0; i < 300 && !(status.height && status.height > 0); i++) {
      const res = await fetch(`${weft.url}/status`);
      if (res.status === 200) status = (await res.json()) as typeof status;
      if (!(status.height && status.height > 0)) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toMatchObject({ chain_id: "weft-devnet-1" });
    expect(status.height).toBeGreaterThan(0);
    const blocks = (await (await fetch(`${weft.url}/indexer/block/v1/blocks?pagination.limit=1`)).json()) as {
      blocks: unknown[];
    };
    expect(blocks.blocks).toHaveLength(1);
    // Ingestion's series are on the app's /metrics, and /ready checks it.
    const metrics = await (await fetch(`${weft.url}/metrics`)).text();
    expect(metrics).toMatch(/^weft_ingest_height\{chain_id="weft-devnet-1"\} [1-9]\d*$/m);
    expect(metrics).toContain('weft_ingest_stalled{chain_id="weft-devnet-1"} 0');
    // And the tracker's, on the same registry.
    expect(metrics).toMatch(/^weft_tracker_in_flight \d+$/m);
    expect((await fetch(`${weft.url}/ready`)).status).toBe(200);
    weft.child.kill("SIGTERM");
    expect(await weft.exited).toBe(0);
  }, 120_000);

  it("`VM_TYPE=wasm weft dev` follows a miniwasm-like devnet of its own: cw721 collections, no EVM routes", async () => {
    const weft = await startWeft(["dev"], {
      PORT: "0",
      DATABASE_URL: undefined,
      WEFT_DATA_DIR: freshDataDir(),
      LOG_LEVEL: "warn",
      VM_TYPE: "wasm",
    });
    let collections: { object_addr: string; collection: { nfts: { length: number } } }[] = [];
    for (let i = 0; i < 150 && collections.length < 2; i++) {
      const res = await fetch(`${weft.url}/indexer/nft/v1/collections`);
      if (res.status === 200)
        collections = ((await res.json()) as { collections: typeof collections }).collections;
      if (collections.length < 2) await new Promise((r) => setTimeout(r, 200));
    }
    const status = (await (await fetch(`${weft.url}/status`)).json()) as { chain_id: string };
    expect(status.chain_id).toBe("weft-devnet-wasm-1");
    // Collections at heights 1 and 101 of the 200 initial blocks, both minted into by then.
    expect(collections.length).toBeGreaterThanOrEqual(2);
    expect(collections.every((c) => /^0x[0-9a-f]{64}$/.test(c.object_addr))).toBe(true);
    expect((await fetch(`${weft.url}/indexer/tx/v1/evm-txs`)).status).toBe(404);
    weft.child.kill("SIGTERM");
    expect(await weft.exited).toBe(0);
  }, 120_000);

  it("migrates and serves a real Postgres given DATABASE_URL; `weft migrate` reports", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const scratch = await createScratchDatabase();
    try {
      const migrate = await runWeft(["migrate"], { DATABASE_URL: scratch.url, LOG_LEVEL: "warn" });
      expect(migrate.code).toBe(0);
      expect(migrate.stderr).toMatch(/^weft: \d+ migration\(s\) applied, 0 pending\n$/);

      const weft = await startWeft(["serve", "--port", "0"], {
        DATABASE_URL: scratch.url,
        LOG_LEVEL: "warn",
      });
      const ready = await fetch(`${weft.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: "ready",
        database: "ok",
        migrations: { pending: 0 },
      });
      weft.child.kill("SIGINT");
      expect(await weft.exited).toBe(0);
    } finally {
      await scratch.drop();
    }
  }, 120_000);
});
