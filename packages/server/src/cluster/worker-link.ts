/**
 * An HTTP worker's side of the cluster (cluster/primary.ts): it reports when it serves or why it could
 * not start, answers the primary's requests for its metrics, asks the primary for the whole /metrics
 * scrape, and stops when told to, or when the primary is gone (its IPC channel closed: no worker
 * outlives a killed primary).
 */
import type { Registry } from "prom-client";
import { type PrimaryMessage, type WorkerMessage, weftMessage } from "./messages.js";

/** Longest a /metrics scrape waits for the primary's answer. */
const SCRAPE_TIMEOUT_MS = 5_000;

export interface WorkerLink {
  listening(url: string): void;
  failed(message: string): void;
  /** The Prometheus text of every process of this server (workers summed, the primary's own series). */
  metricsText(): Promise<string>;
  /** Aborted when the primary asks this worker to stop, or is gone. */
  stop: AbortSignal;
}

export function connectWorker(registry: Registry): WorkerLink {
  const send = (message: WorkerMessage) => {
    if (process.connected) process.send?.(message);
  };
  const controller = new AbortController();
  const scrapes = new Map<number, (text: string) => void>();
  let nextScrape = 0;
  process.on("message", (raw) => {
    const message = weftMessage<PrimaryMessage>(raw);
    if (!message) return;
    if (message.weft === "stop") controller.abort("stop");
    else if (message.weft === "collect") {
      registry.getMetricsAsJSON().then((metrics) => send({ weft: "collected", id: message.id, metrics }));
    } else if (message.weft === "metrics-text") {
      scrapes.get(message.id)?.(message.text);
      scrapes.delete(message.id);
    }
  });
  process.on("disconnect", () => controller.abort("the primary process is gone"));
  return {
    listening: (url) => send({ weft: "listening", url }),
    failed: (message) => send({ weft: "failed", message }),
    stop: controller.signal,
    metricsText() {
      const id = nextScrape++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          scrapes.delete(id);
          reject(new Error("the primary process did not answer the metrics scrape"));
        }, SCRAPE_TIMEOUT_MS);
        scrapes.set(id, (text) => {
          clearTimeout(timer);
          resolve(text);
        });
        send({ weft: "metrics", id });
      });
    },
  };
}
