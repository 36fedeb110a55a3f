import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, "../../dist");

let url = "";
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => {
    body += c.toString();
  });
  req.on("end", () => {
    const u = new URL(req.url ?? "/", "http://x");
    res.setHeader("content-type", "application/json");
    if (u.pathname === "/seed") res.end(JSON.stringify({ seed: 42 }));
    else res.end(JSON.stringify({ n: u.searchParams.get("n"), probe: req.headers["x-probe"], body }));
  });
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("k6 shim", () => {
  it("runs a k6 script's setup and iterations with synchronous http and counts checks", async () => {
    // The built shim and script (turbo builds before tests), run as a user runs them.
    // Asynchronously: the test's own server must keep answering while the shim blocks on it.
    const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          path.join(dist, "shim/run.js"),
          path.join(dist, "_test/tiny-k6-script.js"),
          "--iterations",
          "2",
          "--env",
          `BASE_URL=${url}`,
          "--json",
        ],
        (err, stdout) => resolve({ status: err ? ((err as { code?: number }).code ?? -1) : 0, stdout }),
      );
    });
    expect(run.status).toBe(1); // one check is meant to fail
    const result = JSON.parse(run.stdout) as { errors: string[]; checks: unknown[] };
    expect(result.errors).toEqual([]);
    expect(result.checks).toEqual([
      { name: "probe :: status is 200", passes: 2, fails: 0 },
      { name: "probe :: echoes the seed", passes: 2, fails: 0 },
      { name: "probe :: sent the header", passes: 2, fails: 0 },
      { name: "probe :: canonical header names", passes: 2, fails: 0 },
      { name: "probe :: this one fails", passes: 0, fails: 2 },
      { name: "post body echoed", passes: 2, fails: 0 },
    ]);
  });
});
