/**
 * Synchronous HTTP for the k6 shim: k6's `http.get` blocks, Node's fetch does not. A worker thread
 * performs the request while the caller waits on a shared buffer with Atomics.wait.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** Largest response body the shim carries back (a 1000-record page fits easily). */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const HEADER_BYTES = 8;

export interface SyncRequest {
  method: string;
  url: string;
  body?: string | undefined;
  headers?: Record<string, string> | undefined;
  timeoutMs: number;
}

export interface SyncResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
  error: string;
}

export interface SyncFetcher {
  request(req: SyncRequest): SyncResponse;
  close(): Promise<void>;
}

export function createSyncFetcher(): SyncFetcher {
  const shared = new SharedArrayBuffer(HEADER_BYTES + MAX_RESPONSE_BYTES);
  const flag = new Int32Array(shared, 0, 2);
  const data = new Uint8Array(shared, HEADER_BYTES);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const worker = new Worker(path.join(here, "sync-fetch-worker.js"), { workerData: { shared } });
  worker.unref();
  return {
    request(req) {
      Atomics.store(flag, 0, 0);
      worker.postMessage(req);
      // Wait (bounded) for the worker to flip the flag; the worker enforces the request timeout.
      const outcome = Atomics.wait(flag, 0, 0, req.timeoutMs + 5_000);
      if (outcome === "timed-out") {
        return {
          status: 0,
          headers: {},
          body: "",
          durationMs: req.timeoutMs,
          error: "shim: worker did not answer",
        };
      }
      const length = Atomics.load(flag, 1);
      return JSON.parse(Buffer.from(data.subarray(0, length)).toString("utf8")) as SyncResponse;
    },
    close: () => worker.terminate().then(() => undefined),
  };
}
