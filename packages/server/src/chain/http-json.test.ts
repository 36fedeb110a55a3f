import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { readRecordedAnswer } from "../_test/real-rpc.js";
import { createHttpJson, HttpStatusError, isNotFoundAnswer, shouldRetry } from "./http-json.js";

// A full collection on demand: the bug below only shows when the collector runs mid-request.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** A local node: `/ok` answers `{}`, `/hang` never answers; `open` holds the hung requests whose connection is still open. */
async function startNode() {
  const open = new Set<IncomingMessage>();
  const server = createServer((req, res) => {
    if (req.url !== "/hang") {
      res.end("{}");
      return;
    }
    open.add(req);
    req.socket.once("close", () => open.delete(req));
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    open,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe("createHttpJson", () => {
  let node: Awaited<ReturnType<typeof startNode>> | undefined;
  afterEach(async () => {
    await node?.close();
  });

  it("gives up on a node that never answers after the timeout, even once its code is optimised and a GC runs, and leaves no socket open", async () => {
    node = await startNode();
    const { url, open } = node;
    // Retries let a warm-up call survive a busy machine; the hung call then makes six attempts.
    const http = createHttpJson({ timeoutMs: 200, retries: 5, sleep: async () => undefined });
    const caller = new AbortController();
    // Thousands of calls get the per-attempt code optimised; an optimised async function keeps
    // only what it still reads after an await, so a timeout nothing else holds can be collected.
    for (let i = 0; i < 3_000; i += 25)
      await Promise.all(Array.from({ length: 25 }, () => http.get(`${url}/ok`, caller.signal)));
    const started = Date.now();
    const collector = setInterval(gc, 20);
    try {
      const outcome = await Promise.race([
        http.get(`${url}/hang`, caller.signal).then(
          () => "answered",
          (err: Error) => err.name,
        ),
        new Promise((r) => setTimeout(() => r("still waiting after 8 s"), 8_000)),
      ]);
      expect(outcome).toBe("TimeoutError");
    } finally {
      clearInterval(collector);
    }
    // Six attempts of 200 ms, no backoff: well under the 8 s the race allows.
    expect(Date.now() - started).toBeLessThan(5_000);
    // Each abandoned attempt closed its connection: nothing is left for the node to hold.
    await expect.poll(() => open.size).toBe(0);
  }, 30_000);

  it("stops at once when the caller's signal aborts, without waiting for the timeout", async () => {
    node = await startNode();
    const http = createHttpJson({ timeoutMs: 60_000, retries: 5, sleep: async () => undefined });
    const caller = new AbortController();
    const pending = http.get(`${node.url}/hang`, caller.signal);
    await expect.poll(() => node?.open.size).toBe(1);
    const started = Date.now();
    caller.abort(new Error("stopped by the caller"));
    await expect(pending).rejects.toThrow("stopped by the caller");
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect.poll(() => node?.open.size).toBe(0);
  });

  it("times out a body that stops half-way and retries the request", async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls++;
      res.writeHead(200, { "content-type": "application/json" });
      // The first answer sends its headers and half a body, then nothing more.
      if (calls === 1) res.write('{"half":');
      else res.end('{"whole":true}');
    });
    server.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    node = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      open: new Set(),
      close: () => {
        server.closeAllConnections();
        return new Promise<void>((r) => server.close(() => r()));
      },
    };
    const http = createHttpJson({ timeoutMs: 200, retries: 1, sleep: async () => undefined });
    expect(await http.get(`${node.url}/`, new AbortController().signal)).toEqual({ whole: true });
    expect(calls).toBe(2);
  });
});

describe("a real node's 'not found' answers", () => {
  // Recorded from minievm v1.2.18 and minimove v1.1.11 (fixtures/real-node): both say "not found"
  // with HTTP 500, which is an answer, not an outage.
  const recorded = [
    "minievm-v1.2.18/tx.not-found.json",
    "minimove-v1.1.11/move-resource.missing.json",
    "minievm-v1.2.18/contracts-by-denom.unknown.json",
  ].map((file) => [file, readRecordedAnswer(file).response] as const);

  it.each(recorded)("%s is recognised and asked once, not retried", async (_, answer) => {
    let asked = 0;
    const server = createServer((_req, res) => {
      asked++;
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
    server.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
      const err = await createHttpJson({ retries: 3, timeoutMs: 2_000 })
        .get(url)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpStatusError);
      expect(isNotFoundAnswer(err)).toBe(true);
      expect(asked).toBe(1);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("still retries a 500 that is an outage, and does not read it as not found", () => {
    const outage = new HttpStatusError(
      500,
      "http://node/x",
      '{"code":2,"message":"context deadline exceeded"}',
    );
    expect(isNotFoundAnswer(outage)).toBe(false);
    expect(shouldRetry(outage)).toBe(true);
    expect(isNotFoundAnswer(new HttpStatusError(502, "http://node/x", "<html>bad gateway</html>"))).toBe(
      false,
    );
  });
});
