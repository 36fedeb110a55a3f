import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDatabaseAvailability } from "./availability.js";
import { DatabaseUnavailableError } from "./unavailable.js";

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

function setup(probe: () => Promise<void>) {
  const lines: { msg: string; cause?: string; down_ms?: number }[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const availability = createDatabaseAvailability({
    probe,
    logger,
    probeIntervalMs: 500,
    maxProbesInFlight: 4,
  });
  return { availability, lines };
}

describe("createDatabaseAvailability", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("opens on a connection failure, refuses at once while down, and closes on the first probe that connects", async () => {
    let databaseUp = false;
    const probe = vi.fn(async () => {
      if (!databaseUp) throw refused();
    });
    const { availability, lines } = setup(probe);
    expect(await availability.guard(async () => 1)).toBe(1);

    await expect(availability.guard(() => Promise.reject(refused()))).rejects.toThrow("ECONNREFUSED");
    expect(availability.down).toBe(true);
    // The first probe, at once, confirms the outage: pooled connections from before go.
    await vi.advanceTimersByTimeAsync(0);
    expect(availability.generation).toBe(1);
    const work = vi.fn(async () => 2);
    await expect(availability.guard(work)).rejects.toEqual(
      new DatabaseUnavailableError({ cause: "connection refused [ECONNREFUSED]", connectionLost: true }),
    );
    expect(work).not.toHaveBeenCalled();

    // One probe at once, then one per interval while down.
    await vi.advanceTimersByTimeAsync(1_600);
    expect(probe).toHaveBeenCalledTimes(4);
    databaseUp = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(availability.down).toBe(false);
    expect(await availability.guard(work)).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probe).toHaveBeenCalledTimes(5);

    expect(lines.map((l) => l.msg)).toEqual([
      "database unavailable: requests answer 503 until a probe connects again",
      "database available again",
    ]);
    expect(lines[0]?.cause).toBe("connection refused [ECONNREFUSED]");
    expect(lines[1]?.down_ms).toBe(2_000);
  });

  it("keeps probing while probes hang (a black hole), several in flight, and recovers within an interval", async () => {
    let healed = false;
    const hung: (() => void)[] = [];
    const probe = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          if (healed) return resolve();
          // Fails only at the connect timeout, 2 s later.
          const timer = setTimeout(() => reject(new Error("timeout exceeded when trying to connect")), 2_000);
          hung.push(() => clearTimeout(timer));
        }),
    );
    const { availability } = setup(probe);
    await expect(availability.guard(() => Promise.reject(new Error("Query read timeout")))).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(1_900);
    // At most four in flight: at 0, 500, 1000, 1500 ms; the one at 2000 waits for a slot.
    expect(probe).toHaveBeenCalledTimes(4);
    healed = true;
    await vi.advanceTimersByTimeAsync(600);
    expect(availability.down).toBe(false);
    for (const stop of hung) stop();
  });

  it("does not open on ordinary errors, statement timeouts, or failures of work begun before the outage", async () => {
    const { availability, lines } = setup(async () => undefined);
    await expect(availability.guard(() => Promise.reject(new Error("syntax error")))).rejects.toThrow();
    await expect(
      availability.guard(() =>
        Promise.reject(Object.assign(new Error("canceling statement"), { code: "57014" })),
      ),
    ).rejects.toThrow();
    expect([availability.down, lines]).toEqual([false, []]);

    let failLate: (err: Error) => void = () => undefined;
    const late = availability.guard(() => new Promise((_, reject) => (failLate = reject)));
    late.catch(() => undefined);
    await expect(availability.guard(() => Promise.reject(refused()))).rejects.toThrow();
    // A blip: the first probe connects at once, and the pooled connections are kept.
    await vi.advanceTimersByTimeAsync(0);
    expect([availability.down, availability.generation]).toEqual([false, 0]);
    failLate(refused());
    await expect(late).rejects.toThrow();
    expect(availability.down).toBe(false);
    expect(lines.map((l) => l.msg)).toEqual([
      "database unavailable: requests answer 503 until a probe connects again",
      "database available again",
    ]);
  });

  it("logs idle-connection errors once per window", async () => {
    const { availability, lines } = setup(async () => undefined);
    for (let i = 0; i < 10; i++) availability.idleError(refused());
    await vi.advanceTimersByTimeAsync(10_000);
    availability.idleError(refused());
    expect(
      lines.map((l) => [l.msg.split(" (")[0], (l as { quieted_since_last?: number }).quieted_since_last]),
    ).toEqual([
      ["idle database connection failed", 0],
      ["idle database connection failed", 9],
    ]);
  });
});
