import type { Express } from "express";
import type { Metrics } from "../http/metrics.js";

/** `/metrics`: Prometheus text exposition of this app's registry (or of every worker's, summed). */
export function registerMetricsRoute(app: Express, metrics: Metrics): void {
  app.get("/metrics", async (_req, res, next) => {
    try {
      const text = await (metrics.exposition?.() ?? metrics.registry.metrics());
      res.type(metrics.registry.contentType).send(text);
    } catch (err) {
      next(err);
    }
  });
}
