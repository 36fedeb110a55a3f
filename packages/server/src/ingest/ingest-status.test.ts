import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createIngestStatus } from "./ingest-status.js";

describe("createIngestStatus", () => {
  it("shows every error kind at 0 from the first scrape, labelled by chain", async () => {
    const registry = new Registry();
    const status = createIngestStatus({ registry });
    status.start("s-1");
    const text = await registry.metrics();
    for (const kind of ["database", "node", "node_rejected", "derive", "mismatch", "other"])
      expect(text).toContain(`weft_ingest_errors_total{chain_id="s-1",kind="${kind}"} 0`);
    expect(text).toContain('weft_ingest_blocks_total{chain_id="s-1"} 0');
    expect(text).toContain('weft_ingest_stalled{chain_id="s-1"} 0');
  });

  it("is not stalled while idle (caught up, node behind, standing by), however long", () => {
    let clock = 0;
    const status = createIngestStatus({ stallTimeoutMs: 1_000, now: () => clock });
    status.start("s-2");
    status.committed(5n, 5);
    for (let i = 0; i < 10; i++) {
      clock += 900;
      status.idle();
    }
    expect(status.stalled()).toBeUndefined();
    clock += 1_000;
    // The stall clock ran from the last idle report; the message counts from the last commit.
    expect(status.stalled()?.message).toBe("ingestion stalled: nothing committed for 10 s");
  });

  it("is stalled at once when ingestion stopped for good", () => {
    const status = createIngestStatus({ stallTimeoutMs: 60_000, now: () => 0 });
    status.start("s-3");
    status.stopped({
      kind: "mismatch",
      deterministic: true,
      fatal: true,
      message: "the hashes of block 7 differ: indexed AA, node BB",
      height: 7n,
    });
    expect(status.stalled()).toEqual({
      message: "ingestion stopped; last error (mismatch): the hashes of block 7 differ: indexed AA, node BB",
      metadata: {
        chain_id: "s-3",
        height: "",
        node_height: "",
        seconds_since_commit: "",
        last_error: "mismatch: the hashes of block 7 differ: indexed AA, node BB",
      },
    });
  });
});
