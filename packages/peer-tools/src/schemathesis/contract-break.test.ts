/**
 * The acceptance test of the Schemathesis run: it fails when the server breaks the contract, so a
 * passing run means something. A proxy in front of a live `weft dev` passes every exchange through
 * untouched but one: `listBlocks` answers each block's `height` as a JSON number, where the contract
 * says a decimal string. A run with CI's settings and seed, narrowed to the examples and fuzzing phases
 * with a few cases per operation, must report that operation's response as violating its schema, and
 * nothing else. The break is in every 200 answer, so the first case that lists blocks finds it; the
 * full run's coverage phase alone is over 3 000 cases (five minutes on 2 cores) that would only
 * repeat it. Fuzzing still tests every operation, so "nothing else" still covers the whole document.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { weftCliOf } from "@weft/testkit/spawn-weft";
import { startWeftDev, type WeftDev } from "@weft/testkit/weft-dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPython } from "../toolchain/python-venv.js";
import { skipReason } from "../toolchain/runtime.js";
import { installSchemathesis } from "./install.js";
import { formatSummary, passed, readJunitFailures } from "./report.js";
import { runSchemathesis } from "./run-schemathesis.js";

const skip = skipReason("python3", findPython(), "apt-get install python3 python3-venv");

const BROKEN_PATH = "/indexer/block/v1/blocks";
const BROKEN_OPERATION = `GET ${BROKEN_PATH}`;

/** `listBlocks`'s 200 body with every `blocks[].height` turned into a number. */
function breakBody(body: Buffer): Buffer {
  const json = JSON.parse(body.toString()) as { blocks?: { height: unknown }[] };
  for (const block of json.blocks ?? []) block.height = Number(block.height);
  return Buffer.from(JSON.stringify(json));
}

/** A proxy to `target` that breaks `listBlocks`'s successful answers and passes the rest through. */
async function startBreakingProxy(
  target: string,
): Promise<{ url: string; broken: () => number; server: Server }> {
  const upstream = new URL(target);
  let broken = 0;
  const server = createServer((req, res) => {
    const breaks = req.method === "GET" && new URL(req.url ?? "/", target).pathname === BROKEN_PATH;
    // The broken body is rewritten as plain JSON, so it must come uncompressed.
    const headers = { ...req.headers, host: upstream.host };
    if (breaks) delete headers["accept-encoding"];
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const json = (answer.headers["content-type"] ?? "").includes("application/json");
        if (!breaks || answer.statusCode !== 200 || !json) {
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("end", () => {
          const body = breakBody(Buffer.concat(chunks));
          broken++;
          const { etag: _etag, "content-length": _length, ...rest } = answer.headers;
          res.writeHead(200, { ...rest, "content-length": body.length }).end(body);
        });
      },
    );
    forward.on("error", (err) => res.destroy(err));
    req.pipe(forward);
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    broken: () => broken,
    server,
  };
}

describe.skipIf(skip)(`Schemathesis fails on a broken contract${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let weft: WeftDev;
  let proxy: Awaited<ReturnType<typeof startBreakingProxy>>;
  let st: string;
  beforeAll(async () => {
    st = installSchemathesis();
    weft = await startWeftDev({ cli: weftCliOf(import.meta.url), vmType: "move" });
    proxy = await startBreakingProxy(weft.url);
  }, 600_000);
  afterAll(async () => {
    await new Promise((resolve) => proxy?.server.close(resolve));
    await weft?.stop();
  });

  it("reports the one broken operation's response schema, and only it", async () => {
    const { summary, output, junitFile } = await runSchemathesis({
      url: proxy.url,
      st,
      phases: ["examples", "fuzzing"],
      maxExamples: 3,
    });
    process.stderr.write(`\n[schemathesis through the breaking proxy]\n${formatSummary(summary)}`);

    expect(proxy.broken()).toBeGreaterThan(0);
    expect(passed(summary)).toBe(false);
    expect(summary.exitCode).toBe(1);
    expect(summary.failures, output.slice(-20_000)).toEqual([
      expect.objectContaining({
        type: "JsonSchemaError",
        title: "Response violates schema",
        operations: [BROKEN_OPERATION],
      }),
    ]);
    // It says which check failed, on which value, against which schema: no other operation failed.
    const failures = readJunitFailures(junitFile);
    expect(Object.keys(failures)).toEqual([BROKEN_OPERATION]);
    const text = failures[BROKEN_OPERATION];
    expect(text).toContain("ST108 Response violates schema");
    expect(text).toMatch(/\b\d+ is not of type "string"/);
    expect(text).toContain("Validated against the response schema for status code 200");
    expect(text).toContain("Schema at /components/schemas/block/properties/height");
  });
});
