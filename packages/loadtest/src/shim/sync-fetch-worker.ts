/** Worker side of sync-fetch.ts: performs one request at a time and writes the result back. */
import { parentPort, workerData } from "node:worker_threads";
import type { SyncRequest, SyncResponse } from "./sync-fetch.js";

const shared = (workerData as { shared: SharedArrayBuffer }).shared;
const flag = new Int32Array(shared, 0, 2);
const data = new Uint8Array(shared, 8);

async function perform(req: SyncRequest): Promise<SyncResponse> {
  const started = performance.now();
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    const body = await res.text();
    return {
      status: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body,
      durationMs: performance.now() - started,
      error: "",
    };
  } catch (err) {
    return { status: 0, headers: {}, body: "", durationMs: performance.now() - started, error: String(err) };
  }
}

parentPort?.on("message", (req: SyncRequest) => {
  void perform(req).then((result) => {
    let bytes = Buffer.from(JSON.stringify(result));
    if (bytes.length > data.length) {
      bytes = Buffer.from(
        JSON.stringify({ ...result, body: "", error: `shim: body over ${data.length} bytes` }),
      );
    }
    data.set(bytes);
    Atomics.store(flag, 1, bytes.length);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  });
});
