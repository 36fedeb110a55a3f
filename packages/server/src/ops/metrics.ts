import type { Express } from "express";
import type { Metrics } from "../http/metrics.js";

/** `/metrics`: Prometheus text exposition of this app's registry. */
export function registerMetricsRoute(app: Express, metrics: Metrics): void {
  app.get("/metrics", async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
