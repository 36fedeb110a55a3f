/**
 * A second `weft dev` (`pnpm start`) on the same data dir: the devnet is replayed to where the index
 * stops, so the height keeps rising from there within seconds (before, the indexer waited in silence
 * for the restarted devnet to climb back to the checkpoint, a block a second). A data dir that holds
 * another chain is started over, with one line saying why.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startWeft, type WeftProcess } from "./_test/spawn-weft.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function dev(dataDir: string, env: Record<string, string | undefined> = {}) {
  return startWeft(["dev"], {
    PORT: "0",
    DATABASE_URL: undefined,
    VM_TYPE: undefined,
    CHAIN_ID: undefined,
    WEFT_DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  });
}

/** Polls /status until `ok(height)`; returns the height, or the last one seen after `ms`. */
async function heightWhen(weft: WeftProcess, ok: (h: number) => boolean, ms: number): Promise<number> {
  const end = Date.now() + ms;
  let height = 0;
  while (Date.now() < end) {
    const res = await fetch(`${weft.url}/status`).catch(() => undefined);
    if (res?.status === 200) height = ((await res.json()) as { height?: number }).height ?? 0;
    if (ok(height)) return height;
    await new Promise((r) => setTimeout(r, 100));
  }
  return height;
}

async function stop(weft: WeftProcess) {
  weft.child.kill("SIGTERM");
  expect(await weft.exited).toBe(0);
}

describe("`weft dev` started again on the same data dir", () => {
  it("goes on from where the index stops: the height passes the previous run's within seconds", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "weft-dev-restart-"));
    dirs.push(dataDir);
    const first = await dev(dataDir);
    // Well past the devnet's 200 first blocks, so a devnet restarting at 200 would lag behind.
    const before = await heightWhen(first, (h) => h >= 212, 60_000);
    expect(before).toBeGreaterThanOrEqual(212);
    await stop(first);

    const second = await dev(dataDir);
    const after = await heightWhen(second, (h) => h > before, 6_000);
    expect(after).toBeGreaterThan(before);
    expect(second.stderr()).not.toContain("starting over");
    // The blocks of the first run are still there.
    const res = await fetch(`${second.url}/indexer/block/v1/blocks/${before}`);
    expect(res.status).toBe(200);
    await stop(second);
  }, 150_000);

  it("starts over, saying why in one line, when the data dir holds another chain", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "weft-dev-other-"));
    dirs.push(dataDir);
    const wasm = await dev(dataDir, { VM_TYPE: "wasm" });
    expect(await heightWhen(wasm, (h) => h > 0, 60_000)).toBeGreaterThan(0);
    await stop(wasm);

    const move = await dev(dataDir);
    const lines = move
      .stderr()
      .split("\n")
      .filter((l) => l.includes("starting over"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^weft: starting over on a fresh database: the previous one indexes weft-devnet-wasm-1, not weft-devnet-1 \(the previous data is kept in .+\.previous-[0-9TZ-]+\)$/,
    );
    expect(await heightWhen(move, (h) => h >= 200, 30_000)).toBeGreaterThanOrEqual(200);
    const status = (await (await fetch(`${move.url}/status`)).json()) as { chain_id: string };
    expect(status.chain_id).toBe("weft-devnet-1");
    await stop(move);
    const aside = readdirSync(path.dirname(dataDir)).filter((n) =>
      n.startsWith(`${path.basename(dataDir)}.previous-`),
    );
    for (const n of aside) dirs.push(path.join(path.dirname(dataDir), n));
    expect(aside).toHaveLength(1);
  }, 150_000);
});
