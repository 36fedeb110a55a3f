import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger, useTestDatabase } from "../_test/test-database.js";
import { createIngestStatus } from "../ingest/ingest-status.js";
import { type IngestMonitor, startIngestMonitor } from "./ingest-monitor.js";

describe("the monitor of weft ingest (METRICS_PORT)", () => {
  const database = useTestDatabase();
  let clock = 1_000_000;
  const registry = new Registry();
  const status = createIngestStatus({ registry, stallTimeoutMs: 30_000, now: () => clock });
  let monitor: IngestMonitor;
  beforeAll(async () => {
    monitor = await startIngestMonitor({
      registry,
      db: database().db,
      ingestion: status,
      host: "127.0.0.1",
      port: 0,
      logger: silentLogger,
    });
  });
  afterAll(() => monitor?.close());

  it("answers /ready 503 INGEST_STALLED, in the envelope, once nothing was committed for the timeout", async () => {
    status.start("mon-1");
    status.head(40n);
    status.committed(12n, 12);
    status.failed({
      kind: "database",
      deterministic: false,
      fatal: false,
      message: "connection refused [ECONNREFUSED]",
    });
    expect((await fetch(`${monitor.url}/ready`)).status).toBe(200);
    clock += 31_000;
    const res = await fetch(`${monitor.url}/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 14,
      message:
        "ingestion stalled: nothing committed for 31 s; last error (database): connection refused [ECONNREFUSED]",
      details: [
        {
          reason: "INGEST_STALLED",
          metadata: {
            chain_id: "mon-1",
            height: "12",
            node_height: "40",
            seconds_since_commit: "31",
            last_error: "database: connection refused [ECONNREFUSED]",
          },
        },
      ],
    });
    const metrics = await (await fetch(`${monitor.url}/metrics`)).text();
    expect(metrics).toContain('weft_ingest_stalled{chain_id="mon-1"} 1');
    expect(metrics).toContain('weft_ingest_errors_total{chain_id="mon-1",kind="database"} 1');
    // A commit ends the stall.
    status.committed(13n, 1);
    expect((await fetch(`${monitor.url}/ready`)).status).toBe(200);
  });

  it("refuses other methods with the envelope", async () => {
    const res = await fetch(`${monitor.url}/metrics`, { method: "POST" });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ code: 12, message: "POST is not allowed here; use GET", details: [] });
  });
});
