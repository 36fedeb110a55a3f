import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { ingestLoopOptions } from "./command-config.js";

const logged = () => {
  const lines: { msg: string; ingest_backfill_rate?: number }[] = [];
  return { lines, logger: pino({ level: "info" }, { write: (l: string) => void lines.push(JSON.parse(l)) }) };
};

describe("ingestLoopOptions", () => {
  it("says a bounded backfill once at start, and makes its budget", () => {
    const { lines, logger } = logged();
    const options = ingestLoopOptions(loadConfig({ INGEST_BACKFILL_RATE: "50" }), logger);
    expect(options.backfillBudget).toBeDefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.ingest_backfill_rate).toBe(50);
    expect(lines[0]?.msg).toBe(
      "backfill bounded to 50 blocks/s for the whole process (INGEST_BACKFILL_RATE; 0 lifts it)",
    );
  });

  it("says nothing and bounds nothing by default", () => {
    const { lines, logger } = logged();
    expect(ingestLoopOptions(loadConfig({}), logger).backfillBudget).toBeUndefined();
    expect(lines).toHaveLength(0);
  });
});
