import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShimRunResult } from "./run.js";

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
    // Like Weft's dev chain answering the indexer mix's EVM probe: a feature it does not have.
    if (u.pathname === "/missing") res.writeHead(404).end(JSON.stringify({ code: 5, message: "not found" }));
    else if (u.pathname === "/seed") res.end(JSON.stringify({ seed: 42 }));
    else res.end(JSON.stringify({ n: u.searchParams.get("n"), probe: req.headers["x-probe"], body }));
  });
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/**
 * The built shim and script (turbo builds before tests), run as a user runs them. Asynchronously:
 * the test's own server must keep answering while the shim blocks on it.
 */
async function shim(script: string, args: string[]) {
  const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        path.join(dist, "shim/run.js"),
        path.join(dist, script),
        "--env",
        `BASE_URL=${url}`,
        ...args,
        "--json",
      ],
      (err, stdout) => resolve({ status: err ? ((err as { code?: number }).code ?? -1) : 0, stdout }),
    );
  });
  return { status: run.status, result: JSON.parse(run.stdout) as Omit<ShimRunResult, "summary"> };
}

const threshold = (r: Omit<ShimRunResult, "summary">, metric: string) =>
  r.thresholds.filter((t) => t.metric === metric).map(({ source, ok, samples }) => ({ source, ok, samples }));

describe("k6 shim", () => {
  it("runs a k6 script's setup and iterations with synchronous http and counts checks", async () => {
    const { status, result } = await shim("_test/tiny-k6-script.js", ["--iterations", "2"]);
    // As in k6, a failed check is reported but fails the run only through a threshold (none here).
    expect(status).toBe(0);
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

  it("counts setup()'s requests in http_req_failed like k6: an unexpected 404 crosses rate<0.01, exit 99", async () => {
    const { status, result } = await shim("_test/setup-probe-k6-script.js", ["--env", "PROFILE=smoke"]);
    expect(result.errors).toEqual([]);
    expect(result.iterations).toBe(2);
    // 1 failed (the setup probe) out of 1 + 2 iterations x 41 requests: 1.2%.
    expect(threshold(result, "http_req_failed")).toEqual([{ source: "rate<0.01", ok: false, samples: 83 }]);
    expect(status).toBe(99);
  });

  it("does not count a 404 declared expected with http.expectedStatuses", async () => {
    const { status, result } = await shim("_test/setup-probe-k6-script.js", [
      "--env",
      "PROFILE=smoke",
      "--env",
      "PROBE=expected",
    ]);
    expect(threshold(result, "http_req_failed")).toEqual([{ source: "rate<0.01", ok: true, samples: 83 }]);
    expect(status).toBe(0);
  });

  it("honours the script's scenarios: a duration-based profile is refused, --iterations replaces it", async () => {
    const load = await shim("_test/setup-probe-k6-script.js", ["--env", "PROBE=expected"]);
    expect(load.status).toBe(2);
    expect(load.result.iterations).toBe(0);
    expect(load.result.errors).toEqual([
      expect.stringContaining('scenario "load" uses the constant-vus executor'),
    ]);
    const overridden = await shim("_test/setup-probe-k6-script.js", [
      "--env",
      "PROBE=expected",
      "--iterations",
      "1",
    ]);
    expect(overridden.result.iterations).toBe(1);
    expect(overridden.status).toBe(0);
  });

  it("passes a trend threshold without samples as k6 does, and fails its count>0 guard", async () => {
    const env = ["--env", "PROFILE=smoke", "--env", "PROBE=expected", "--env", "ITEMS=none"];
    const bare = await shim("_test/setup-probe-k6-script.js", env);
    expect(threshold(bare.result, "http_req_duration{name:item}")).toEqual([
      { source: "p(95)<10000", ok: true, samples: 0 },
    ]);
    expect(bare.status).toBe(0);
    const guarded = await shim("_test/setup-probe-k6-script.js", [...env, "--env", "GUARD=1"]);
    expect(threshold(guarded.result, "http_reqs{name:item}")).toEqual([
      { source: "count>0", ok: false, samples: 0 },
    ]);
    expect(guarded.status).toBe(99);
  });
});
