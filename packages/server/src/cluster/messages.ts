/**
 * What the primary and its HTTP workers say to each other over the cluster's IPC channel. Every
 * message carries `weft`, so messages of other libraries on the same channel are ignored.
 */
import type { MetricObjectWithValues, MetricValue } from "prom-client";

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

export type WorkerMessage =
  /** Serving at `url` (all workers share it). */
  | { weft: "listening"; url: string }
  /** Could not start (the port taken, the database unreachable): the primary stops everything. */
  | { weft: "failed"; message: string }
  /** A scrape of /metrics arrived here: the primary answers with every process's series, summed. */
  | { weft: "metrics"; id: number }
  /** This worker's series, for the scrape `id`. */
  | { weft: "collected"; id: number; metrics: MetricsJson };

export type PrimaryMessage =
  /** Stop gracefully (finish the requests in flight), then exit 0. */
  | { weft: "stop" }
  /** Send your series for the scrape `id`. */
  | { weft: "collect"; id: number }
  /** The text of the scrape `id` a worker asked for. */
  | { weft: "metrics-text"; id: number; text: string };

/** `message` if it is one of ours. */
export function weftMessage<T extends { weft: string }>(message: unknown): T | undefined {
  return typeof message === "object" && message !== null && "weft" in message ? (message as T) : undefined;
}
