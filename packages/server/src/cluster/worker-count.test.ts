import { describe, expect, it } from "vitest";
import { workerCount } from "./worker-count.js";

describe("workerCount", () => {
  it("auto: one worker per core while the connections fit", () => {
    expect(workerCount({ configured: undefined, cores: 2, maxConnections: 100, poolMax: 10 })).toEqual({
      workers: 2,
    });
  });

  it("auto: fewer workers than cores when max_connections would be passed, saying why", () => {
    // (100 - 10 reserved - 10 for the primary) / 11 per worker = 7.
    const count = workerCount({ configured: undefined, cores: 32, maxConnections: 100, poolMax: 10 });
    expect(count.workers).toBe(7);
    expect(count.note).toBe(
      "WORKERS=auto: 7 of 32 cores, so that up to 97 connections stay under Postgres's max_connections (100); raise it for more",
    );
    expect(workerCount({ configured: undefined, cores: 32, maxConnections: 20, poolMax: 10 }).workers).toBe(
      1,
    );
  });

  it("auto with max_connections unknown: every core", () => {
    expect(workerCount({ configured: undefined, cores: 32, maxConnections: undefined, poolMax: 10 })).toEqual(
      {
        workers: 32,
      },
    );
  });

  it("an explicit count is kept, with a warning when it does not fit", () => {
    expect(workerCount({ configured: 4, cores: 2, maxConnections: 100, poolMax: 10 })).toEqual({
      workers: 4,
    });
    const count = workerCount({ configured: 16, cores: 2, maxConnections: 100, poolMax: 10 });
    expect(count.workers).toBe(16);
    expect(count.note).toMatch(
      /^WORKERS=16 may open 196 connections to Postgres, past its max_connections \(100\)/,
    );
  });
});
