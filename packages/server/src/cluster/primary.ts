/**
 * `weft serve --workers N`: N HTTP worker processes share the port (node:cluster hands each new
 * connection to one of them), so the API uses every core. The primary serves no request: it forks
 * the workers, replaces one that dies (the others and their connections are untouched), stops them
 * all gracefully, and assembles /metrics from every process. Work that must run once per server (the
 * transfer tracker, migrations) is the caller's, in the primary.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { AggregatorRegistry, type Registry } from "prom-client";
import { type MetricsJson, type PrimaryMessage, type WorkerMessage, weftMessage } from "./messages.js";
import { workerExecArgv } from "./worker-node-flags.js";

/** How long one worker's series may take to arrive for a scrape (a busy or dying worker is left out). */
const COLLECT_TIMEOUT_MS = 2_000;
/** A replacement is delayed this long after the previous one, so a worker that dies at once loops slowly. */
const RESTART_SPACING_MS = 1_000;
/** Past the graceful stop's own deadline, workers still running are killed. */
const STOP_GRACE_MS = 5_000;

export interface RunningCluster {
  url: string;
  /** The workers' pids, as of now. */
  pids(): number[];
  /** Stops every worker gracefully (each finishes its requests in flight), then resolves. */
  stop(): Promise<void>;
}

export function startCluster(options: {
  workers: number;
  logger: Logger;
  /** Each worker's own graceful stop deadline (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** The primary's own series (the tracker's), added to every scrape. */
  registry: Registry;
}): Promise<RunningCluster> {
  const { logger } = options;
  const live = new Set<Worker>();
  let stopping = false;
  let lastRestart = 0;
  let collectId = 0;

  /** Every worker's series and the primary's, summed per series (counters, histograms) as Prometheus expects. */
  const scrape = async (): Promise<string> => {
    const id = collectId++;
    const answers = [...live].map(
      (worker) =>
        new Promise<MetricsJson | undefined>((resolve) => {
          const timer = setTimeout(() => done(undefined), COLLECT_TIMEOUT_MS);
          const onMessage = (raw: unknown) => {
            const message = weftMessage<WorkerMessage>(raw);
            if (message?.weft === "collected" && message.id === id) done(message.metrics);
          };
          const done = (metrics: MetricsJson | undefined) => {
            clearTimeout(timer);
            worker.off("message", onMessage);
            worker.off("exit", onExit);
            resolve(metrics);
          };
          const onExit = () => done(undefined);
          worker.on("message", onMessage);
          worker.once("exit", onExit);
          send(worker, { weft: "collect", id });
        }),
    );
    const all = (await Promise.all(answers)).filter((m): m is MetricsJson => m !== undefined);
    all.push((await options.registry.getMetricsAsJSON()) as MetricsJson);
    return AggregatorRegistry.aggregate(all).metrics();
  };

  return new Promise<RunningCluster>((resolve, reject) => {
    let url: string | undefined;
    let started = false;
    /** Workers that reported serving. */
    const serving = new Set<Worker>();

    // Workers start with the primary's own flags plus the serving ones (worker-node-flags.ts).
    cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
    const fork = () => {
      const worker = cluster.fork();
      live.add(worker);
      worker.on("message", (raw: unknown) => {
        const message = weftMessage<WorkerMessage>(raw);
        if (!message) return;
        if (message.weft === "listening") {
          serving.add(worker);
          url ??= message.url;
          logger.debug({ pid: worker.process.pid, url: message.url }, "worker serving");
          if (!started && [...live].every((w) => serving.has(w))) {
            started = true;
            resolve(running);
          }
        } else if (message.weft === "failed") {
          if (!started) fail(new Error(message.message));
          else logger.error({ pid: worker.process.pid, cause: message.message }, "a worker could not start");
        } else if (message.weft === "metrics") {
          scrape().then(
            (text) => send(worker, { weft: "metrics-text", id: message.id, text }),
            (err: unknown) => logger.warn({ err }, "metrics scrape failed"),
          );
        }
      });
      worker.on("exit", (code, signal) => {
        live.delete(worker);
        const served = serving.delete(worker);
        if (stopping) return;
        if (!started) {
          fail(new Error(`a worker exited (${signal ?? code}) before serving`));
          return;
        }
        logger.error(
          { pid: worker.process.pid, code, signal, served },
          "a worker died; starting another in its place",
        );
        const wait = Math.max(0, lastRestart + RESTART_SPACING_MS - Date.now());
        lastRestart = Date.now() + wait;
        setTimeout(() => {
          if (!stopping) fork();
        }, wait);
      });
    };

    const stop = async () => {
      stopping = true;
      const exits = [...live].map((w) => new Promise<void>((done) => w.once("exit", () => done())));
      for (const worker of live) send(worker, { weft: "stop" });
      const deadline = setTimeout(() => {
        for (const worker of live) {
          logger.warn({ pid: worker.process.pid }, "a worker did not stop in time; killing it");
          worker.process.kill("SIGKILL");
        }
      }, options.shutdownTimeoutMs + STOP_GRACE_MS);
      await Promise.all(exits);
      clearTimeout(deadline);
    };

    const fail = (err: Error) => {
      if (stopping) return;
      stop().then(
        () => reject(err),
        () => reject(err),
      );
    };

    const running: RunningCluster = {
      get url() {
        return url ?? "";
      },
      pids: () => [...live].flatMap((w) => (w.process.pid === undefined ? [] : [w.process.pid])),
      stop,
    };
    for (let i = 0; i < options.workers; i++) fork();
  });
}

function send(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message);
}
